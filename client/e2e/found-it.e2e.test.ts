import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { foundItConfirmationsOf } from '@bookstrut/api/testing'
import { createDb } from '@bookstrut/core'
import { apiOf, screenshot, signInThroughDialog } from './harness.js'
import { IDEA_SEARCH_IDEAS as IDEAS, startIdeaSearchSession } from './fixtures/idea-search.js'

/*
 * "This is the book I meant" in the browser (issue 34): a visitor is asked to sign in; a signed-in reader searches,
 * clicks it on a result, sees it done with Undo, and the server holds one confirmation per idea of that search.
 */
let app: Awaited<ReturnType<typeof startIdeaSearchSession>>['app']
let browser: Browser
let reader: { email: string; password: string }

const api = (p: string, init?: RequestInit) => apiOf(app)(p, init)

const searchPath = () =>
  `/search-book?${new URLSearchParams({ firstField: IDEAS[0], secondField: IDEAS[1], thirdField: IDEAS[2] })}`

beforeAll(async () => {
  ;({ app, browser, reader } = await startIdeaSearchSession({
    firstName: 'Fay',
    lastName: 'Finder',
    email: `finder.${Date.now()}@example.com`,
  }))
  // The embed worker computes vectors in the background: wait until the idea search lists books.
  const query = new URLSearchParams({ firstField: IDEAS[0], secondField: IDEAS[1], thirdField: IDEAS[2] })
  const deadline = Date.now() + 180_000
  while (((await api(`/search/podcast?${query}`)).body.total ?? 0) <= 3) {
    if (Date.now() > deadline)
      throw new Error(`idea search never listed books:\n${app.logs.join('').slice(-4000)}`)
    await new Promise((r) => setTimeout(r, 1500))
  }
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

const signIn = (page: Page, dialogOpen = false) => signInThroughDialog(page, reader, dialogOpen)

const resultRows = (page: Page) =>
  page.getByRole('table', { name: 'Search results' }).getByTestId('result-row')

async function confirmationsOf(email: string) {
  const db = createDb(app.databaseUrl, 1)
  try {
    return await foundItConfirmationsOf(db, email)
  } finally {
    await db.destroy()
  }
}

it('a visitor is asked to sign in; a reader says "This is the book I meant", sees it done, can undo', async () => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } })
  const page = await context.newPage()
  await page.goto(`${app.baseUrl}${searchPath()}`)
  await expect.poll(() => resultRows(page).count(), { timeout: 20_000 }).toBeGreaterThan(3)
  const first = resultRows(page).first()
  const title = await first.getByTestId('book-title').innerText()

  // A visitor: the sign-in dialog, nothing sent.
  await first.getByRole('button', { name: `This is the book I meant: ${title}` }).click()
  await page.getByText('Sign in to tell us this is the book you meant').waitFor()
  await page.getByRole('dialog').getByLabel('Email').waitFor()
  await screenshot(page, 'found-it-visitor-prompt-desktop')
  await signIn(page, true)
  // Signed in now: the results are asked again, with this reader's search id.
  await page.goto(`${app.baseUrl}${searchPath()}`)
  await expect.poll(() => resultRows(page).count(), { timeout: 20_000 }).toBeGreaterThan(3)
  const row = resultRows(page).filter({ hasText: title }).first()
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/found-it') && r.method() === 'POST')
  await row.getByRole('button', { name: `This is the book I meant: ${title}` }).click()
  // The ideas are never sent: only the search's id and the book's.
  expect(Object.keys((await sent).postDataJSON() as object).sort()).toEqual(['podcastId', 'searchId'])
  const done = row.getByRole('status').filter({ hasText: 'You found it' })
  await done.waitFor()
  await page.getByText('Thank you: when other readers agree').waitFor()
  await row.scrollIntoViewIfNeeded()
  await screenshot(page, 'found-it-results-card-desktop')
  await expect
    .poll(() => confirmationsOf(reader.email))
    .toEqual([...IDEAS].sort().map((idea) => ({ idea, title })))

  // Undo takes it back; the button is there again, and clicking it again confirms again.
  await done.getByRole('button', { name: 'Undo' }).click()
  const again = row.getByRole('button', { name: `This is the book I meant: ${title}` })
  await again.waitFor()
  await expect.poll(() => confirmationsOf(reader.email)).toEqual([])
  await again.click()
  await done.waitFor()
  const session = await page.evaluate(() => ({ ...localStorage }))
  await context.close()

  // Phone width: the card layout, a result confirmed and one not.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  })
  // The same reader's session (the sign-in journey was walked above).
  await phone.addInitScript((items: Record<string, string>) => {
    for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v)
  }, session)
  const mobile = await phone.newPage()
  await mobile.goto(`${app.baseUrl}${searchPath()}`)
  await expect.poll(() => resultRows(mobile).count(), { timeout: 20_000 }).toBeGreaterThan(3)
  const card = resultRows(mobile).nth(1)
  const cardTitle = await card.getByTestId('book-title').innerText()
  await card.getByRole('button', { name: `This is the book I meant: ${cardTitle}` }).click()
  await card.getByRole('status').filter({ hasText: 'You found it' }).waitFor()
  await card.scrollIntoViewIfNeeded()
  await screenshot(mobile, 'found-it-results-card-phone')
  // The button stays inside the card at 390 px.
  const box = await card.getByRole('status').filter({ hasText: 'You found it' }).boundingBox()
  expect(box!.x + box!.width).toBeLessThanOrEqual(390)
  await phone.close()
}, 120_000)
