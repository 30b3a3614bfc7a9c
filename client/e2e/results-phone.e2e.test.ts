import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { apiOf, screenshot } from './harness.js'
import {
  IDEA_SEARCH_IDEAS as IDEAS,
  startIdeaSearchSession,
  waitForIdeaCatalogueEmbedded,
} from './fixtures/idea-search.js'

// Idea search results on a phone (issue 48): a title's description opens without widening the page (it made it
// 409 px wide at 390) and without lying over the Strut score; at 1366 px it opens beside the title as before.

let app: Awaited<ReturnType<typeof startIdeaSearchSession>>['app']
let browser: Browser

const query = new URLSearchParams({
  firstField: IDEAS[0],
  secondField: IDEAS[1],
  thirdField: IDEAS[2],
}).toString()

beforeAll(async () => {
  ;({ app, browser } = await startIdeaSearchSession({
    firstName: 'Pia',
    lastName: 'Phone',
    email: `phone.${Date.now()}@example.com`,
  }))
  // The embed worker computes the vectors after start: wait until every book has them and the search answers.
  await waitForIdeaCatalogueEmbedded(app)
  const deadline = Date.now() + 180_000
  for (;;) {
    const res = await apiOf(app)(`/search/podcast?${query}&limit=10`)
    if (res.status === 200 && (res.body.total as number) >= 10) break
    if (Date.now() > deadline)
      throw new Error(`idea search never answered:\n${app.logs.join('').slice(-3000)}`)
    await new Promise((r) => setTimeout(r, 1500))
  }
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

/** The boxes of two elements overlap (by more than a pixel each way). */
const overlaps = (a: DOMRect, b: DOMRect) =>
  Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
  Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1

it.each([390, 1366])(
  'at %i px a title’s description opens inside the page and off the Strut score',
  async (width) => {
    const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } })
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/search-book?${query}`)
    const row = page.getByTestId('result-row').first()
    await row.getByTestId('book-title').hover()
    const tooltip = row.getByRole('tooltip')
    await tooltip.waitFor()
    const [tip, score] = await Promise.all([
      tooltip.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect),
      row
        .locator('[class*="result-row__score"]')
        .evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect),
    ])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    expect(tip.right).toBeLessThanOrEqual(width)
    expect(overlaps(tip, score), JSON.stringify({ tip, score })).toBe(false)
    await screenshot(page, `results-description-${width}`)
    await context.close()
  },
  60_000,
)
