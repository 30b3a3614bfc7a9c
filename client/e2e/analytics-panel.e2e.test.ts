import { randomBytes } from 'node:crypto'
import { request } from 'node:http'
import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { findAccount, holdPlan, seedBook, seedPodblurb } from '@bookstrut/api/testing'
import { createDb, type Db } from '@bookstrut/core'
import { analyticsFigure, launchBrowser, screenshot, signUpAuthor, startApp } from './harness.js'

// The My Listings analytics panel in chromium against the built app: an author on a paid plan sees readers'
// plays arrive while the panel is open, switches the period, exports the series as CSV; the panel fits a phone.

let app: Awaited<ReturnType<typeof startApp>>
let browser: Browser
let db: Db

beforeAll(async () => {
  app = await startApp({ label: 'e2e' })
  browser = await launchBrowser()
  db = createDb(app.databaseUrl, 1)
})
afterAll(async () => {
  await db?.destroy()
  await browser?.close()
  await app?.stop()
})

/** A paid plan for the account, and one approved title with a 5-minute podblurb (rows as the app writes them). */
async function arrange(email: string): Promise<string> {
  const userId = (await findAccount(db, email))?.id
  if (!userId) throw new Error(`no account ${email}`)
  // Sign-up gave the free plan; the paid one replaces it as the current membership.
  await holdPlan(db, userId, 'Basic Strut')
  const podcastId = await seedBook(db, userId, {
    title: 'The Salt Lantern',
    author: 'Iris Moreau',
    category: 'Mystery',
    description: 'A keeper and her lanterns.',
    ideas: ['a keeper guards the last lantern', 'salt storms cross the bay', 'a letter arrives too late'],
  })
  await seedPodblurb(db, podcastId, { fileUrl: null, duration: 300 })
  return podcastId
}

let readers = 0
/**
 * One reader's browser: a play, five minutes listened and a Get This click, through the public endpoint. Each
 * reader calls from an address of its own (127.0.0.x: all loopback): the server tells visitors apart by address and
 * agent, never by an id they send.
 */
async function readerListens(podcastId: string) {
  const body = JSON.stringify({
    events: [
      { type: 'play', podcastId },
      { type: 'listening', podcastId, seconds: 300 },
      { type: 'purchase_click', podcastId },
    ],
  })
  const status = await new Promise<number>((resolve, reject) => {
    const req = request(
      `${app.baseUrl}/api/v1/events`,
      {
        method: 'POST',
        localAddress: `127.0.0.${10 + ++readers}`,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          // a browser's: events without a User-Agent are dropped as a bot's
          'user-agent':
            'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
        },
      },
      (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      },
    )
    req.on('error', reject)
    req.end(body)
  })
  expect(status).toBe(202)
}

const countOf = analyticsFigure

const seriesTotal = (page: Page, figure: string) =>
  page.getByRole('figure', { name: figure }).getByTestId('series-total').textContent()

it('an author watches plays arrive in the analytics panel, changes the period and exports the series', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })
  const page = await context.newPage()
  const email = `iris.${randomBytes(3).toString('hex')}@example.com`
  await signUpAuthor(page, app, { email, firstName: 'Iris', lastName: 'Moreau' })
  const podcastId = await arrange(email)
  await readerListens(podcastId)

  await page.goto(`${app.baseUrl}/profile-listings`)
  const row = page.getByRole('listitem').filter({ hasText: 'The Salt Lantern' })
  await row.getByRole('button', { name: 'Analytics' }).click()
  const panel = page.getByRole('region', { name: 'Analytics of The Salt Lantern' })
  await expect.poll(() => countOf(page, 'Audio plays').textContent(), { timeout: 20_000 }).toBe('1')

  // A second reader while the panel is open: the figures follow without a reload.
  await readerListens(podcastId)
  await expect.poll(() => countOf(page, 'Audio plays').textContent(), { timeout: 20_000 }).toBe('2')
  await expect.poll(() => countOf(page, 'Listening time').textContent(), { timeout: 20_000 }).toBe('10 min')
  await expect.poll(() => seriesTotal(page, 'Plays over the last 7 days'), { timeout: 20_000 }).toBe('2')
  await expect(panel.getByText('Live', { exact: true }).isVisible()).resolves.toBe(true)
  await expect(panel.locator('.recharts-surface').count()).resolves.toBe(3)
  await screenshot(page, 'analytics-panel-desktop')
  await panel.getByRole('heading', { name: 'Over the last 7 days' }).evaluate((h) => h.scrollIntoView())
  await screenshot(page, 'analytics-panel-desktop-series')

  await panel.getByRole('button', { name: 'the last 24 hours' }).click()
  await panel.getByRole('heading', { name: 'Over the last 24 hours' }).waitFor()
  await expect.poll(() => seriesTotal(page, 'Plays over the last 24 hours'), { timeout: 20_000 }).toBe('2')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Export CSV' }).click(),
  ])
  const today = new Date().toISOString().slice(0, 10)
  expect(download.suggestedFilename()).toBe(`bookstrut-the-salt-lantern-24h-${today}.csv`)
  const csv = await readFile(await download.path(), 'utf8')
  const lines = csv.trimEnd().split('\r\n')
  expect(lines[0]).toBe('bucket_start_utc,impressions,plays,listening_hours,want_to_read')
  expect(lines.length - 1).toBeGreaterThanOrEqual(24)
  expect(lines.slice(1).reduce((sum, l) => sum + Number(l.split(',')[2]), 0)).toBe(2)

  // A phone: the panel fits 390 px without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 })
  await panel.getByRole('button', { name: 'the last 7 days' }).click()
  await panel.getByRole('heading', { name: 'Over the last 7 days' }).waitFor()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await panel.scrollIntoViewIfNeeded()
  await screenshot(page, 'analytics-panel-390')
  await context.close()
})
