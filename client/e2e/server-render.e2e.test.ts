import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { createDb, type Db } from '@bookstrut/core'
import { buildUser } from '@bookstrut/accounts/testing'
import { buildListing } from '@bookstrut/core/testing'
import { launchBrowser, screenshot, signInWith, startApp } from './harness.js'

/*
 * A server-rendered page in chromium (docs/seo.md): the HTML arrives with the page in it, React hydrates it without
 * a mismatch (nothing in the console), and the single-page app takes over: links navigate without a reload and the
 * head tags follow the page. Also for a signed-in reader, whose header differs from the anonymous render.
 */

let app: Awaited<ReturnType<typeof startApp>>
let browser: Browser
let db: Db
let author: { id: string; token: string }
let book: { id: string; title: string }

beforeAll(async () => {
  app = await startApp({ label: 'e2essr' })
  browser = await launchBrowser()
  db = createDb(app.databaseUrl, 1)
  author = await buildUser(db, { role: 'author' })
  const row = await buildListing(db, {
    create_by: author.id,
    title: 'The Remains of the Day',
    author: 'Kazuo Ishiguro',
    description:
      'An English butler drives to the West Country in 1956 and looks back on decades of service, loyalty and ' +
      'a love he never let himself speak of.',
  })
  book = { id: row.id, title: row.title }
})
afterAll(async () => {
  await browser?.close()
  await db?.destroy()
  await app?.stop()
})

/** Console errors and warnings, and uncaught page errors (React reports hydration mismatches through these). */
function problemsOf(page: Page) {
  const problems: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`)
  })
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`))
  return problems
}

/** Opens `path`, checks the server sent the page, and waits for the app to be live. */
async function openServerRendered(page: Page, path: string, text: string) {
  const res = await page.goto(`${app.baseUrl}${path}`)
  expect(res?.status()).toBe(200)
  expect(res?.headers()['x-page-render']).toMatch(/^(miss|hit)$/)
  // The HTML as it came over the wire, before any script ran, already holds the page.
  expect(await res?.text()).toContain(text)
  await page.waitForLoadState('networkidle')
}

describe('a server-rendered book page in chromium', () => {
  it('hydrates without errors and the app navigates on, its head tags following the page', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } })
    const problems = problemsOf(page)
    await openServerRendered(page, `/single-book/${book.id}`, book.title)
    await expect.poll(() => page.title()).toBe(`${book.title} by Kazuo Ishiguro · BookStrut`)
    // Clicks were held off until React took the page over.
    await expect
      .poll(() => page.evaluate(() => document.getElementById('root')?.style.pointerEvents))
      .toBe('')

    // The app is live: a link click is a client-side navigation, not a new document.
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'))
    await page.getByRole('link', { name: 'Author profile' }).click()
    await page.waitForURL(`**/author-profile/${author.id}`)
    await page.getByRole('heading', { level: 1 }).waitFor()
    // No reload: the page's own JavaScript state survived the navigation.
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same document')
    await expect.poll(() => page.title()).toMatch(/: author profile · BookStrut$/)
    const head = await page.evaluate(() => ({
      canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute('href')),
      ogUrl: [...document.querySelectorAll('meta[property="og:url"]')].map((m) => m.getAttribute('content')),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (s) => (JSON.parse(s.textContent ?? '{}') as { '@type'?: string })['@type'],
      ),
      descriptions: document.querySelectorAll('meta[name="description"]').length,
    }))
    expect(head.canonical).toEqual([`${app.baseUrl}/author-profile/${author.id}`])
    expect(head.ogUrl).toHaveLength(1)
    expect(head.jsonLd).toEqual(['ProfilePage'])
    expect(head.descriptions).toBe(1)

    // And back to the book, still in the app.
    await page.goBack()
    await page.waitForURL(`**/single-book/${book.id}`)
    await page.getByRole('heading', { name: book.title }).waitFor()
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same document')
    await screenshot(page, 'server-render-book-1366')
    expect(problems).toEqual([])
    await page.close()
  })

  it('hydrates for a signed-in reader too (the server rendered the anonymous page), then shows their account', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const reader = await buildUser(db, { role: 'reader' })
    await signInWith(context, { id: reader.id, token: reader.token, role: 'reader' })
    const page = await context.newPage()
    const problems = problemsOf(page)
    await openServerRendered(page, `/single-book/${book.id}`, book.title)
    await page.getByRole('button', { name: 'Account menu' }).waitFor()
    await screenshot(page, 'server-render-book-390-signed-in')
    expect(problems).toEqual([])
    await context.close()
  })

  it('hydrates the home page and searches from it', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } })
    const problems = problemsOf(page)
    await openServerRendered(page, '/', 'Describe the ideas.')
    await page.getByRole('link', { name: 'Membership' }).first().click()
    await page.waitForURL('**/membership')
    await expect.poll(() => page.title()).toBe('Membership · BookStrut')
    expect(problems).toEqual([])
    await page.close()
  })
})
