import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { createDb, type Db } from '@bookstrut/core'
import { buildListing } from '@bookstrut/core/testing'
import { goodreadsExport } from '@bookstrut/library/testing'
import { launchBrowser, screenshot, signInWith, signUpByApi, startApp } from './harness.js'

/*
 * A reader's library (issue 49): a reader coming from Goodreads imports their export from the profile, watches the
 * import finish, reads its report (what matched, what did not and why), and finds an imported book on their Read
 * shelf with the day they finished it.
 */

let app: Awaited<ReturnType<typeof startApp>>
let browser: Browser
let db: Db

beforeAll(async () => {
  app = await startApp({ label: 'e2elibrary' })
  browser = await launchBrowser()
  db = createDb(app.databaseUrl, 2)
})
afterAll(async () => {
  await db?.destroy()
  await browser?.close()
  await app?.stop()
})

it('a reader imports a Goodreads CSV, sees the report, and finds an imported book on the Read shelf', async () => {
  await buildListing(db, {
    title: 'The Left Hand of Darkness',
    author: 'Ursula K. Le Guin',
    isbn: '0441478123',
  })
  await buildListing(db, { title: 'Station Eleven', author: 'Emily St. John Mandel' })
  const reader = await signUpByApi(app, {
    role: 'reader',
    firstName: 'Shelf',
    lastName: 'Reader',
    email: `library.${Date.now()}@example.com`,
    password: 'secret123',
  })
  const csv = goodreadsExport([
    {
      title: 'The Left Hand of Darkness (Hainish Cycle, #4)',
      author: 'Ursula K. Le Guin',
      isbn13: '9780441478125',
      shelf: 'read',
      dateRead: '2024/03/15',
    },
    { title: 'Station Eleven', author: 'Emily St. John Mandel', shelf: 'to-read' },
    { title: 'A Book Nobody Listed', author: 'Nobody Atall', shelf: 'read' },
  ])

  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } })
  await signInWith(context, { ...reader, role: 'reader' })
  const page = await context.newPage()
  await page.goto(`${app.baseUrl}/profile-import`)
  await page.getByLabel('Export file (.csv)').setInputFiles({
    name: 'goodreads_library_export.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  })
  await page.getByRole('button', { name: 'Import', exact: true }).click()

  const card = page.getByRole('article', { name: 'Goodreads import' })
  await expect.poll(() => card.getByRole('status').textContent(), { timeout: 60_000 }).toBe('Done')
  await expect.poll(() => card.textContent()).toContain('2 of 3 books shelved')
  const report = card.getByRole('table', { name: 'Import report' })
  await expect.poll(() => report.getByRole('row').count()).toBe(4)
  const unmatched = report.getByRole('row').filter({ hasText: 'A Book Nobody Listed' })
  await expect.poll(() => unmatched.textContent()).toContain('Not in our catalogue')
  const matched = report.getByRole('row').filter({ hasText: 'Hainish Cycle' })
  await expect.poll(() => matched.textContent()).toContain('Shelved: The Left Hand of Darkness')
  await screenshot(page, 'library-import-report')

  await card.getByRole('link', { name: 'Go to your Read shelf' }).click()
  await page.waitForURL('**/profile-shelves/read')
  const shelf = page.getByRole('list', { name: 'Read books' })
  const row = shelf.getByRole('listitem', { name: 'The Left Hand of Darkness' })
  await expect.poll(() => row.textContent()).toContain('Finished 15 Mar 2024')
  expect(await shelf.getByRole('listitem').count()).toBe(1)
  await screenshot(page, 'library-read-shelf')

  // The Want to read shelf holds the other match.
  await page
    .getByRole('navigation', { name: 'Shelves' })
    .getByRole('link', { name: /Want to read/ })
    .click()
  await expect
    .poll(() =>
      page.getByRole('list', { name: 'Want to read books' }).getByRole('listitem').allTextContents(),
    )
    .toEqual([expect.stringContaining('Station Eleven')])
  await context.close()
}, 180_000)
