import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { createDb, type Db } from '@bookstrut/core'
import { buildListing } from '@bookstrut/core/testing'
import { topicsRepo } from '@bookstrut/search'
import { launchBrowser, screenshot, startApp } from './harness.js'

/*
 * "Books about <idea>" topic pages (docs/seo.md): what a crawler gets without JavaScript, and the pages in chromium
 * at a desktop and a phone width (screenshots in e2e/artifacts, looked at). The set is stored as the topics job
 * stores it (services/api/src/routes/topics/topics.test.ts runs the job itself).
 */

let app: Awaited<ReturnType<typeof startApp>>
let browser: Browser
let db: Db

const WIDE = { width: 1366, height: 900 }
const NARROW = { width: 390, height: 844 }

beforeAll(async () => {
  app = await startApp({ label: 'e2etopics' })
  browser = await launchBrowser()
  db = createDb(app.databaseUrl, 1)
  const book = (title: string, author: string, description: string) =>
    buildListing(db, { title, author, description, year_published: 1990 })
  const [sea, whale, island] = [
    await book(
      'The Old Man and the Sea',
      'Ernest Hemingway',
      'An old fisherman fights a giant marlin far out in the Gulf Stream.',
    ),
    await book('Moby-Dick', 'Herman Melville', 'A whaling captain hunts the white whale that took his leg.'),
    await book(
      'Treasure Island',
      'Robert Louis Stevenson',
      'A boy sails with pirates in search of buried treasure.',
    ),
  ]
  await topicsRepo.replaceTopics(
    db,
    [
      {
        slug: 'life-at-sea',
        idea: 'life at sea',
        searchers: 7,
        books: [
          { bookId: sea.id, strutScore: 88.2 },
          { bookId: whale.id, strutScore: 84.9 },
          { bookId: island.id, strutScore: 61.3 },
        ],
      },
      { slug: 'pirates', idea: 'pirates', searchers: 5, books: [{ bookId: island.id, strutScore: 90.1 }] },
      {
        slug: 'time-travel',
        idea: 'time travel',
        searchers: 3,
        books: [{ bookId: whale.id, strutScore: 40.5 }],
      },
    ],
    new Date(),
  )
})
afterAll(async () => {
  await browser?.close()
  await db?.destroy()
  await app?.stop()
})

describe('topic pages', () => {
  it('give a plain HTTP GET (no JavaScript) the title, description, canonical link and ItemList JSON-LD', async () => {
    const res = await fetch(`${app.baseUrl}/topics/life-at-sea`)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('<title>Books about Life at sea · BookStrut</title>')
    expect(html).toMatch(
      /<meta name="description" content="3 books about life at sea, ranked by how well each matches/,
    )
    expect(html).toContain(`<link rel="canonical" href="`)
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/topics\/life-at-sea"/)
    const jsonLd = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(html)?.[1]
    const data = JSON.parse(jsonLd ?? 'null') as {
      '@type': string
      itemListElement: { item: { name: string } }[]
    }
    expect(data['@type']).toBe('ItemList')
    expect(data.itemListElement.map((e) => e.item.name)).toEqual([
      'The Old Man and the Sea',
      'Moby-Dick',
      'Treasure Island',
    ])
  })

  it('show the index and a topic at 1366 and 390 px, reached from the home page', async () => {
    const page = await browser.newPage({ viewport: WIDE })
    await page.goto(app.baseUrl)
    const ideas = page.getByRole('region', { name: 'Popular ideas' })
    await ideas.getByRole('link', { name: /Life at sea/ }).click()
    await page.waitForURL(/\/topics\/life-at-sea$/)
    await expect.poll(() => page.title()).toBe('Books about Life at sea · BookStrut')
    await page.getByText('Strut score 88').waitFor()
    await screenshot(page, 'topic-page-1366')
    await page.getByRole('link', { name: 'Popular ideas' }).click()
    await page.getByRole('heading', { name: 'Popular ideas: books by topic' }).waitFor()
    await screenshot(page, 'topics-index-1366')

    await page.setViewportSize(NARROW)
    await screenshot(page, 'topics-index-390')
    await page.goto(`${app.baseUrl}/topics/life-at-sea`)
    await page.getByText('Strut score 88').waitFor()
    await screenshot(page, 'topic-page-390')
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width)
    await page.close()
  })

  it('answer an unknown topic with the 404 page', async () => {
    expect((await fetch(`${app.baseUrl}/topics/no-such-topic`)).status).toBe(404)
  })
})
