import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { holdPlan, seedBook, seedPodblurb, silentMp3 } from '@bookstrut/api/testing'
import { createDb } from '@bookstrut/core'
import { analyticsFigure, launchBrowser, npmScript, screenshot, signInWith, startApp } from './harness.js'

/*
 * Issue 30's pages in chromium, at a phone's 390 px and a laptop's 1366 px, with screenshots in e2e/artifacts:
 * the home page's Top 20 (first row open, no play control without a podblurb), an imported book's author page
 * reached from "Author profile", a one-result keyword search, an idea search's explained Strut total, and My
 * Listings' status badges written alike.
 */

const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36'
const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1366, height: 900 },
] as const
const IDEAS = [
  'A boy flies kites in Kabul',
  'A friendship betrayed in childhood',
  'Atonement years later',
] as const

let app: Awaited<ReturnType<typeof startApp>>
let browser: Browser
let files: string
let author: { email: string; id: string; token: string }

const api = (p: string, init?: RequestInit) =>
  fetch(`${app.baseUrl}/api/v1${p}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init?.headers },
  }).then(async (r) => ({ status: r.status, body: await r.json() }))

const book = (id: string, title: string, author: string, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  author,
  year: 2003,
  genres: ['Fiction'],
  description: `${title}: a story of two boys in Kabul, a kite tournament, and a debt repaid decades later.`,
  ideas: [...IDEAS],
  language: 'en',
  ...extra,
})

beforeAll(async () => {
  app = await startApp()
  browser = await launchBrowser()
  files = await mkdtemp(path.join(tmpdir(), 'bookstrut-e2e-pages-'))
  await writeFile(path.join(files, 'clip.mp3'), silentMp3(12))
  const lines = [
    book('e2e-pages-1', 'The Kite Runner', 'Khaled Hosseini', { audio: 'clip.mp3' }),
    book('e2e-pages-2', 'A Thousand Splendid Suns', 'Khaled Hosseini', { year: 2007 }),
    book('e2e-pages-3', 'And the Mountains Echoed', 'Khaled Hosseini', { year: 2013 }),
    book('e2e-pages-4', 'Harry Potter and the Philosopher’s Stone', 'J.K. Rowling', {
      year: null,
      genres: ['Fantasy'],
    }),
    ...Array.from({ length: 6 }, (_, i) => book(`e2e-pages-${5 + i}`, `Harbour Tale ${i + 1}`, 'Mara Quill')),
  ]
  await writeFile(path.join(files, 'books.jsonl'), lines.map((l) => `${JSON.stringify(l)}\n`).join(''))
  await npmScript(['catalog:import', '--', path.join(files, 'books.jsonl')], app)

  // An author with one approved listing and one pending (written as the API stores them).
  const email = `pages.${Date.now()}@example.com`
  const created = await api('/user/create', {
    method: 'POST',
    body: JSON.stringify({
      first_name: 'Iris',
      last_name: 'Moreau',
      role: 'author',
      email,
      password: 'secret123',
    }),
  })
  expect(created.status).toBe(201)
  const otp = Number(await app.outboxCode(email))
  const verified = await api('/verify/user/Verification', {
    method: 'POST',
    body: JSON.stringify({ email, otp }),
  })
  author = { email, id: verified.body.data._id, token: verified.body.data.token }
  const db = createDb(app.databaseUrl, 1)
  try {
    for (const [i, status] of ([1, 0] as const).entries()) {
      await seedBook(db, author.id, {
        id: `${Math.floor(Date.now() / 1000).toString(16)}${String(i).padStart(16, '0')}`,
        title: status === 1 ? 'Salt Psalms' : 'Tide Tables',
        author: 'Iris Moreau',
        category: 'Poetry',
        description: 'Poems of the sea.',
        year: 2024,
        status,
      })
    }
  } finally {
    await db.destroy()
  }
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  if (files) await rm(files, { recursive: true, force: true })
})

async function pageAt(
  width: (typeof WIDTHS)[number],
  signedIn = false,
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({
    viewport: { width: width.width, height: width.height },
    userAgent: USER_AGENT,
  })
  if (signedIn) await signInWith(context, { ...author, role: 'author' })
  return { page: await context.newPage(), context }
}

it.each(WIDTHS)(
  'the Top 20 shows its first row at once, without play controls for books without a podblurb ($width px)',
  async (w) => {
    const { page, context } = await pageAt(w)
    await page.goto(app.baseUrl)
    const section = page.getByRole('region', { name: 'TOP 20 BOOK STRUTS' })
    const cards = section.getByRole('article')
    await cards.first().waitFor()
    await expect.poll(() => cards.count()).toBe(w.width < 600 ? 2 : 6)
    await section.scrollIntoViewIfNeeded()
    await screenshot(page, `pages-home-top20-${w.name}`)
    // Only the title with a recording has a play control; the others say they have none yet.
    const playable = await cards
      .filter({ has: page.getByRole('button', { name: /^Play podblurb of/ }) })
      .count()
    const silent = await cards.filter({ hasText: 'Not yet recorded' }).count()
    expect(playable + silent).toBe(await cards.count())
    await section.getByRole('button', { name: 'Show all 20' }).click()
    // The ten imported titles and the author's approved one.
    await expect.poll(() => cards.count()).toBe(11)
    expect(await section.getByRole('button', { name: /^Play podblurb of/ }).count()).toBe(1)
    await screenshot(page, `pages-home-top20-all-${w.name}`)
    await context.close()
  },
)

it.each(WIDTHS)(
  "an imported book's Author profile opens the author's page, not the importing account ($width px)",
  async (w) => {
    const { page, context } = await pageAt(w)
    const titles = await api('/author/books?name=Khaled%20Hosseini')
    const kite = titles.body.data.data.find((b: { title: string }) => b.title === 'The Kite Runner')
    await page.goto(`${app.baseUrl}/single-book/${kite._id}`)
    await page.getByRole('link', { name: 'Author profile' }).click()
    await page.getByRole('heading', { level: 1, name: 'Khaled Hosseini' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/author/Khaled%20Hosseini')
    expect(await page.getByText(/^\d+ Total Titles$/).innerText()).toBe('3 Total Titles')
    const listedBy = page.getByRole('region', { name: 'Listed by' })
    expect(await listedBy.getByRole('link').innerText()).toBe('BookStrut Catalogue')
    await page.getByRole('region', { name: 'Podblurbs' }).getByRole('article').first().waitFor()
    await screenshot(page, `pages-author-${w.name}`)
    // The publisher's own profile is one click on: the account's name, not the author's.
    await listedBy.getByRole('link').click()
    await page.getByRole('heading', { level: 1, name: 'BookStrut Catalogue' }).waitFor()
    await context.close()
  },
)

it.each(WIDTHS)(
  'a one-result search reads "That’s the only result." and a year unknown as such ($width px)',
  async (w) => {
    const { page, context } = await pageAt(w)
    await page.goto(`${app.baseUrl}/search-book?query=Philosopher`)
    await page.getByText('That’s the only result.').waitFor()
    expect(await page.getByText('1 result', { exact: true }).count()).toBeGreaterThan(0)
    // The third cell of a result row is its year.
    const year = page.getByTestId('result-row').first().getByRole('cell').nth(2)
    expect(await year.innerText()).toContain('Unknown')
    await screenshot(page, `pages-search-one-result-${w.name}`)
    await context.close()
  },
)

it('an idea search explains its Strut total where it is shown', async () => {
  const query = new URLSearchParams({ firstField: IDEAS[0], secondField: IDEAS[1], thirdField: IDEAS[2] })
  // The embed worker computes vectors in the background after the import.
  await expect
    .poll(async () => (await api(`/search/podcast?${query.toString()}`)).body.total ?? 0, {
      timeout: 120_000,
      interval: 1000,
    })
    .toBeGreaterThan(0)
  for (const w of WIDTHS) {
    const { page, context } = await pageAt(w)
    await page.goto(`${app.baseUrl}/search-book?${query.toString()}`)
    // The total and its explanation: the part of the Strut score that has a tooltip.
    const total = page.getByTestId('strut-score').first().locator('[aria-describedby]')
    await total.waitFor()
    expect(await total.innerText()).toMatch(/\d+\.\d\d\s+\/ 350\s+incl\. bonus \+\d+\.\d\d/)
    await total.hover()
    const tip = total.getByRole('tooltip')
    await tip.waitFor({ state: 'visible' })
    expect(await tip.innerText()).toMatch(/your three ideas, 0–100 each\) \+ \d+\.\d\d bonus/)
    await screenshot(page, `pages-strut-total-${w.name}`)
    await context.close()
  }
})

it.each(WIDTHS)('My Listings writes its status badges alike: Approved, Pending ($width px)', async (w) => {
  const { page, context } = await pageAt(w, true)
  await page.goto(`${app.baseUrl}/profile-listings`)
  const badges = page.getByRole('listitem').getByTestId('status-badge')
  await expect.poll(() => badges.count()).toBe(2)
  // innerText is the text as shown (CSS applied): the spec's 'approved' is shown capitalised like 'Pending'.
  expect((await badges.allInnerTexts()).sort()).toEqual(['Approved', 'Pending'])
  await screenshot(page, `pages-listings-${w.name}`)
  await context.close()
})

it('the analytics panel: no "Live" on the free plan; on a paid one a 13-second listen reads 13 s and a funnel without impressions draws no bars', async () => {
  const { page, context } = await pageAt(WIDTHS[1], true)
  await page.goto(`${app.baseUrl}/profile-listings`)
  const row = page.getByRole('listitem').filter({ hasText: 'Salt Psalms' })
  await row.getByRole('button', { name: 'Analytics' }).click()
  const panel = page.getByRole('region', { name: 'Analytics of Salt Psalms' })
  await panel.getByRole('link', { name: 'Upgrade your plan' }).waitFor()
  expect(await panel.getByText('Live', { exact: true }).count()).toBe(0)
  await screenshot(page, 'pages-analytics-free-laptop')

  // The author moves to a paid plan and lists a title with a podblurb; a reader plays it for 13 seconds.
  const db = createDb(app.databaseUrl, 1)
  let podcastId = ''
  try {
    await holdPlan(db, author.id, 'Basic Strut')
    // A title of its own, listed after the Top 20 tests: no list has shown it, so it has no views.
    podcastId = await seedBook(db, author.id, {
      id: `${Math.floor(Date.now() / 1000).toString(16)}dddddddddddddddd`,
      title: 'Sea Glass',
      author: 'Iris Moreau',
      category: 'Poetry',
      description: 'Poems found on the shore.',
    })
    // Its podblurb: listening is capped by the clip's length.
    await seedPodblurb(db, podcastId, { fileUrl: '/media/x.mp3', duration: 300 })
  } finally {
    await db.destroy()
  }
  const sent = await fetch(`${app.baseUrl}/api/v1/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT },
    body: JSON.stringify({
      anonymousId: crypto.randomUUID(),
      events: [
        { type: 'play', podcastId },
        { type: 'listening', podcastId, seconds: 13 },
      ],
    }),
  })
  expect(sent.status).toBe(202)
  await page.reload()
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Sea Glass' })
    .getByRole('button', { name: 'Analytics' })
    .click()
  const paid = page.getByRole('region', { name: 'Analytics of Sea Glass' })
  await paid.getByText('Live', { exact: true }).waitFor()
  const listened = analyticsFigure(paid, 'Listening time')
  await expect.poll(() => listened.innerText(), { timeout: 20_000 }).toBe('13 s')
  const funnel = paid.getByRole('region', { name: /Funnel/ })
  await expect
    .poll(() => funnel.getByText(/^No impressions in this period/).count(), { timeout: 20_000 })
    .toBe(1)
  expect(
    await funnel
      .getByTestId('funnel-bar')
      .evaluateAll((bars) => bars.map((b) => (b as HTMLElement).style.width)),
  ).toEqual(['0%', '0%', '0%'])
  await funnel.scrollIntoViewIfNeeded()
  await screenshot(page, 'pages-analytics-paid-laptop')
  await page.setViewportSize({ width: 390, height: 844 })
  await funnel.scrollIntoViewIfNeeded()
  await screenshot(page, 'pages-analytics-paid-phone')
  await context.close()
})
