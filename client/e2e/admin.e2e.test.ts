import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { buildUser } from '@bookstrut/accounts/testing'
import { emailOf, seedReport } from '@bookstrut/api/testing'
import { top20Repo } from '@bookstrut/analytics'
import { createDb, newId, type Db } from '@bookstrut/core'
import { buildListing } from '@bookstrut/core/testing'
import { topicCandidatesRepo } from '@bookstrut/search'
import { launchBrowser, screenshot, signInWith, startApp } from './harness.js'

/*
 * The admin console (issue 33) in chromium against the built app: an admin blocks a user (who then sees the blocked
 * dialog with the note on their next page), resolves a report, edits a plan's price (the membership page shows it),
 * releases a title the Top 20's anomaly guard held, and finds each action in the audit log; then publishes a FAQ, a blog
 * post and an information page after previewing them and sets the home page's featured video (a visitor sees each
 * on the next page load), finding those in the audit log too. Accounts, the report and
 * the held title are written to the app's database directly (their own journeys have their own tests).
 */

const NOTE = 'Your listings were spam. Write to support to talk about it.'
const TITLE = 'Harbour Lights'
const HELD = 'Suspicious Tides'
const WIDE = { width: 1366, height: 900 }
const NARROW = { width: 390, height: 844 }

let app: Awaited<ReturnType<typeof startApp>>
let browser: Browser
let db: Db
let admin: { id: string; token: string }
let target: { id: string; token: string; email: string }

beforeAll(async () => {
  app = await startApp({ label: 'e2eadmin' })
  browser = await launchBrowser()
  db = createDb(app.databaseUrl, 2)
  admin = await buildUser(db, { role: 'admin' })
  const reader = await buildUser(db, { role: 'reader' })
  target = { ...reader, email: await emailOf(db, reader.id) }
  const listing = await buildListing(db, { title: TITLE })
  await seedReport(db, { userId: reader.id, bookId: listing.id })
  const held = await buildListing(db, { title: HELD })
  await db.transaction().execute((trx) =>
    top20Repo.saveRanking(trx, {
      id: newId(),
      computedAt: new Date(),
      entries: [{ bookId: listing.id, score: 12, readers: 6 }],
      held: [
        {
          bookId: held.id,
          score: 40,
          readers: 30,
          reason: 'anonymous_majority',
          details: { anonymousShare: 0.95, anonymousReaders: 29 },
        },
      ],
    }),
  )
}, 180_000)

afterAll(async () => {
  await db?.destroy()
  await browser?.close()
  await app?.stop()
})

async function contextAs(session: { id: string; token: string }, role: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: WIDE })
  await signInWith(context, { ...session, role })
  return context
}

/** The page at 1366 px and at 390 px, for the record (artifacts/admin-*.png). */
async function bothWidths(page: Page, name: string) {
  await screenshot(page, `admin-${name}-1366`)
  await page.setViewportSize(NARROW)
  await screenshot(page, `admin-${name}-390`)
  await page.setViewportSize(WIDE)
}

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).waitFor()

it('an admin blocks a user, resolves a report, edits a price, releases a held title and finds it all in the audit log', async () => {
  const adminContext = await contextAs(admin, 'admin')
  const page = await adminContext.newPage()

  // The console is in the avatar menu.
  await page.goto(app.baseUrl)
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('link', { name: 'Admin console' }).click()
  await page.waitForURL(/\/admin\/users$/)
  const nav = page.getByRole('navigation', { name: 'Admin console' })
  for (const section of ['Users', 'Moderation', 'Reports', 'Content', 'Plans', 'Top 20', 'Audit log'])
    await nav.getByRole('link', { name: section }).waitFor()

  // 1. Block the user with a note.
  await page.getByLabel('Search').fill(target.email)
  await page.getByRole('row').filter({ hasText: target.email }).waitFor()
  await bothWidths(page, 'users')
  await page.getByRole('row').filter({ hasText: target.email }).getByRole('link').click()
  await page.getByRole('heading', { name: /^Listings \(/ }).waitFor()
  await bothWidths(page, 'user')
  await page.getByRole('button', { name: 'Block', exact: true }).click()
  const blockDialog = page.getByRole('dialog')
  await blockDialog.getByLabel('Note shown to the user').fill(NOTE)
  await blockDialog.getByRole('button', { name: 'Block user' }).click()
  await toast(page, 'User blocked')
  await page.getByText(NOTE).waitFor()

  // ...who sees the blocked dialog with the note on their next page.
  const targetContext = await contextAs(target, 'reader')
  const targetPage = await targetContext.newPage()
  await targetPage.goto(`${app.baseUrl}/`)
  const blocked = targetPage.getByRole('dialog', { name: 'Your Account Has Been Blocked' })
  await blocked.getByText(NOTE).waitFor()
  await screenshot(targetPage, 'admin-blocked-user-sees-note')
  await targetContext.close()

  // 2. Resolve the report.
  await nav.getByRole('link', { name: 'Reports' }).click()
  const reportRow = page.getByRole('row').filter({ hasText: TITLE })
  await reportRow.waitFor()
  await bothWidths(page, 'reports')
  await reportRow.getByRole('button', { name: /^Resolve/ }).click()
  const resolveDialog = page.getByRole('dialog')
  await resolveDialog.getByLabel('Note').fill('Checked: a giveaway, not spam.')
  await resolveDialog.getByRole('button', { name: 'Resolve' }).click()
  await toast(page, 'Reports resolved')
  await page.getByText('No reports here.').waitFor()

  // 3. Edit a plan's price; a wrong one is explained first.
  await nav.getByRole('link', { name: 'Plans' }).click()
  const essential = page.getByRole('form', { name: 'Essential Strut' })
  await essential.getByLabel('Price (USD a month)').fill('0.5')
  await essential.getByText('A paid plan costs at least 1.00 a month.').waitFor()
  await essential.getByLabel('Price (USD a month)').fill('6.49')
  await bothWidths(page, 'plans')
  await essential.getByRole('button', { name: 'Save' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click()
  await toast(page, 'Essential Strut updated')
  const visitor = await browser.newPage({ viewport: WIDE })
  await visitor.goto(`${app.baseUrl}/membership`)
  await visitor.getByText('6.49').first().waitFor()
  await screenshot(visitor, 'admin-membership-shows-new-price')
  await visitor.close()

  // 4. Release the held title.
  await nav.getByRole('link', { name: 'Top 20' }).click()
  await page.getByRole('row').filter({ hasText: TITLE }).waitFor()
  const heldRow = page.getByRole('row').filter({ hasText: HELD })
  await heldRow.getByText('Most of its score came from visitors who are not signed in').waitFor()
  await bothWidths(page, 'top20')
  await heldRow.getByRole('button', { name: 'Release' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Release' }).click()
  await toast(page, 'Title released')
  await heldRow.getByText(/^Released until/).waitFor()

  // 5. Each action is in the audit log.
  await nav.getByRole('link', { name: 'Audit log' }).click()
  await page.getByRole('heading', { name: 'Audit log' }).waitFor()
  for (const action of ['user.block', 'report.resolve', 'plan.update', 'top20.release'])
    await page.getByRole('row').filter({ hasText: action }).first().waitFor()
  await bothWidths(page, 'audit-log')
  await page.getByLabel('Action').selectOption('plan.update')
  await expect.poll(() => page.getByRole('row').filter({ hasText: 'user.block' }).count()).toBe(0)
  await page.getByRole('row').filter({ hasText: '6.49' }).waitFor()

  // The moderation section is the console's too.
  await nav.getByRole('link', { name: 'Moderation' }).click()
  await page.getByRole('heading', { name: 'Moderation' }).waitFor()
  await adminContext.close()
}, 120_000)

const FAQ_QUESTION = 'Can I swap the podblurb after publishing?'
const POST = { title: 'How readers find your book by its ideas', slug: 'readers-find-books-by-ideas' }
const PAGE = { name: 'Press kit', path: 'press-kit' }
const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'

it('an admin previews and publishes a FAQ, a blog post and an information page, sets the featured video, and a visitor reads them at once', async () => {
  const adminContext = await contextAs(admin, 'admin')
  const page = await adminContext.newPage()
  const visitor = await browser.newPage({ viewport: WIDE })
  await page.goto(`${app.baseUrl}/admin/content`)
  await page.getByRole('heading', { name: 'Content' }).waitFor()
  const tabs = page.getByRole('tablist', { name: 'Kind of content' })
  await page.getByRole('table').or(page.getByText('No FAQs yet.')).first().waitFor()
  await bothWidths(page, 'content-faq-list')

  // 1. A FAQ: written, previewed as /faq/{id} renders it, published; a visitor reads it on /faq.
  await page.getByRole('button', { name: 'New FAQ' }).click()
  await page.getByLabel('Question', { exact: true }).fill(FAQ_QUESTION)
  await page
    .getByLabel('Answer (HTML)')
    .fill('<p>Yes. Open <b>My Listings</b>, edit the title and upload a new podblurb.</p>')
  await page.getByRole('button', { name: 'Add a link' }).click()
  await page.getByLabel('Link text').fill('My Listings')
  await page.getByLabel('Address').fill('/profile-listings')
  await bothWidths(page, 'content-faq-editor')
  await page.getByRole('button', { name: 'Preview' }).click()
  const preview = page.getByRole('region', { name: 'Preview' })
  await preview.getByRole('heading', { name: FAQ_QUESTION }).waitFor()
  await preview.getByRole('link', { name: 'My Listings' }).waitFor()
  await bothWidths(page, 'content-faq-preview')
  await page.getByRole('button', { name: 'Publish' }).click()
  await toast(page, 'FAQ published')
  await page.getByRole('row').filter({ hasText: FAQ_QUESTION }).getByText('Published').waitFor()
  await visitor.goto(`${app.baseUrl}/faq`)
  await visitor.getByText(FAQ_QUESTION).first().waitFor()

  // 2. A blog post with a section, a summary and a link; a hostile image in its content stays inert in the preview.
  await tabs.getByRole('tab', { name: 'Blog posts' }).click()
  await page.getByRole('button', { name: 'New blog post' }).click()
  await page.getByLabel('Title', { exact: true }).fill(POST.title)
  await page.getByLabel('Slug').fill(POST.slug)
  await page
    .getByLabel('Content (HTML)')
    .fill('<p>Readers describe three ideas.</p><img src="x" onerror="window.__pwned = 1">')
  await page.getByRole('button', { name: 'Add a section' }).click()
  await page.getByLabel('Section 1 subtitle').fill('Write ideas, not keywords')
  await page.getByLabel('Section 1 text (HTML)').fill('<ul><li>A lighthouse keeper</li><li>A war</li></ul>')
  await page.getByLabel('Summary').fill('Three ideas say more than a genre.')
  await bothWidths(page, 'content-blog-editor')
  await page.getByRole('button', { name: 'Preview' }).click()
  await preview.getByRole('heading', { name: 'Write ideas, not keywords' }).waitFor()
  await preview.getByRole('heading', { name: 'Summary' }).waitFor()
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined()
  expect(await preview.locator('img[onerror]').count()).toBe(0)
  await bothWidths(page, 'content-blog-preview')
  await page.getByRole('button', { name: 'Publish' }).click()
  await toast(page, 'Blog post published')
  await page.getByRole('row').filter({ hasText: POST.title }).waitFor()
  await bothWidths(page, 'content-blog-list')
  await visitor.goto(`${app.baseUrl}/blog/${POST.slug}`)
  await visitor.getByRole('heading', { name: POST.title }).waitFor()
  await visitor.getByText('Three ideas say more than a genre.').waitFor()
  await screenshot(visitor, 'admin-visitor-reads-blog-post')

  // 3. An information page in the footer; the delete asks first.
  await tabs.getByRole('tab', { name: 'Information pages' }).click()
  await page.getByRole('button', { name: 'New information page' }).click()
  await page.getByLabel('Name', { exact: true }).fill(PAGE.name)
  await page.getByLabel('Path', { exact: true }).fill(PAGE.path)
  await page.getByLabel('Body (HTML)').fill('<h2>Logos</h2><p>Use them as they are.</p>')
  await bothWidths(page, 'content-information-editor')
  await page.getByRole('button', { name: 'Publish' }).click()
  await toast(page, 'Information page published')
  const pageRow = page.getByRole('row').filter({ hasText: PAGE.name })
  await pageRow.getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('dialog').getByText('is removed for good').waitFor()
  await bothWidths(page, 'content-information-delete')
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click()
  await visitor.goto(`${app.baseUrl}/pagedetail/${PAGE.path}`)
  await visitor.getByText('Use them as they are.').waitFor()

  // 4. The home page's featured video, previewed in the settings, then on the home page.
  await tabs.getByRole('tab', { name: 'Settings' }).click()
  await page.getByLabel("Home page's featured video").fill(VIDEO)
  await page
    .getByRole('region', { name: 'Featured video preview' })
    .locator('iframe[src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"]')
    .waitFor({ state: 'attached' })
  await bothWidths(page, 'content-settings')
  await page.getByRole('button', { name: 'Save settings' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click()
  await toast(page, 'Settings saved')
  await visitor.goto(app.baseUrl)
  await visitor
    .locator('iframe[title="Featured video"][src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"]')
    .waitFor({ state: 'attached' })
  await visitor.close()

  // 5. Each write is in the audit log.
  await page
    .getByRole('navigation', { name: 'Admin console' })
    .getByRole('link', { name: 'Audit log' })
    .click()
  for (const action of ['faq.create', 'blog.create', 'information.create', 'settings.update'])
    await page.getByRole('row').filter({ hasText: action }).first().waitFor()
  await adminContext.close()
}, 120_000)

it("an admin approves a topic candidate in Readers' words, at 1366 and 390 px", async () => {
  const book = await buildListing(db, { title: 'The Lighthouse Keeper' })
  await topicCandidatesRepo.saveCandidates(
    db,
    [
      {
        slug: 'a-lighthouse-at-the-end-of-the-world',
        idea: 'a lighthouse at the end of the world',
        readers: 4,
        networks: 3,
        books: [{ bookId: book.id, strutScore: 71.4 }],
      },
    ],
    new Date(),
  )
  const adminContext = await contextAs(admin, 'admin')
  const page = await adminContext.newPage()
  await page.goto(`${app.baseUrl}/admin/readers-words`)
  const row = page.getByRole('row').filter({ hasText: 'a lighthouse at the end of the world' })
  await row.waitFor()
  await expect.poll(() => row.textContent()).toContain('The Lighthouse Keeper')
  await bothWidths(page, 'readers-words')
  await row.getByRole('button', { name: /^Approve/ }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click()
  await toast(page, 'Approved')
  // Approved, it is public at once.
  expect((await fetch(`${app.baseUrl}/topics/a-lighthouse-at-the-end-of-the-world`)).status).toBe(200)
  await adminContext.close()
})
