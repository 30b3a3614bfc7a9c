import { execFile } from 'node:child_process'
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { testRedisUrl } from '@bookstrut/core/testing'
import {
  analyticsFigure,
  launchBrowser,
  screenshot,
  signInThroughDialog,
  startAppWithCatalogue,
} from './harness.js'

// The first thing a visitor of the demo can open (issue 48): the demo author that `npm run demo` makes, on a granted
// paid plan, signs in and reads non-zero figures in their listing's analytics panel; the figures come from events
// queued on the running app's ingest queue (cli/demo-author.ts), stored by its own ingest worker.

const repoRoot = path.resolve(import.meta.dirname, '../..')
const run = promisify(execFile)

let app: Awaited<ReturnType<typeof startAppWithCatalogue>>
let browser: Browser
let catalogueDir: string

/** Two books, the first with a podblurb (the demo author's listing is a book with one). */
async function writeCatalogue(): Promise<string> {
  catalogueDir = await mkdtemp(path.join(tmpdir(), 'bookstrut-demo-catalogue-'))
  await copyFile(
    path.join(repoRoot, 'services/api/src/test/fixtures/podblurb.mp3'),
    path.join(catalogueDir, 'a.mp3'),
  )
  const book = (id: string, title: string, audio?: string) => ({
    id,
    title,
    author: 'Maren Holt',
    year: 2001,
    genres: ['Adventure'],
    description: `${title}: a keeper tends the last lighthouse of the coast through a winter of storms, until a letter arrives.`,
    ideas: [
      'A lighthouse keeper guards the coast through a winter of storms.',
      'Letters from a lost brother arrive years too late.',
      'A small island town keeps a secret about a shipwreck.',
    ],
    ...(audio ? { audio } : {}),
  })
  const file = path.join(catalogueDir, 'books.jsonl')
  await writeFile(
    file,
    [book('demo-e2e-1', 'The Salt Lantern', 'a.mp3'), book('demo-e2e-2', 'The Quiet Harbour')]
      .map((b) => JSON.stringify(b))
      .join('\n') + '\n',
  )
  return file
}

beforeAll(async () => {
  app = await startAppWithCatalogue(await writeCatalogue())
  browser = await launchBrowser()
}, 300_000)
afterAll(async () => {
  await browser?.close()
  await app?.stop()
  if (catalogueDir) await rm(catalogueDir, { recursive: true, force: true })
})

/** Runs the demo's author step against the running app, as scripts/demo.sh does; answers what it printed. */
async function makeDemoAuthor(): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'services/api/src/cli/demo-author.ts'],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: app.databaseUrl,
        DATA_DIR: app.dataDir,
        REDIS_URL: testRedisUrl,
        REDIS_PREFIX: app.redisPrefix,
        EMBEDDED_REDIS: 'false',
        PASSWORD_HASH_COST: '12',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: app.baseUrl,
      },
    },
  )
  return stdout
}

it('the demo author signs in and reads non-zero figures in the analytics panel of their listing', async () => {
  const printed = await makeDemoAuthor()
  const author = /Demo author: (\S+) {2}password: (\S+)/.exec(printed)
  expect(author, printed).not.toBeNull()
  expect(printed).toMatch(/Demo admin: {2}admin@bookstrut\.demo {2}password: \S+/)
  expect(printed).toContain('listing "The Salt Lantern"')
  // A second run (a second `npm run demo`) prints the same password and queues the same events: stored once.
  expect(await makeDemoAuthor()).toContain(`password: ${author![2]}`)

  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } })
  const page = await context.newPage()
  await page.goto(app.baseUrl)
  await signInThroughDialog(page, { email: author![1]!, password: author![2]! })
  await page.goto(`${app.baseUrl}/profile-listings`)
  const row = page.getByRole('listitem').filter({ hasText: 'The Salt Lantern' })
  await row.getByRole('button', { name: 'Analytics' }).click()
  const panel = page.getByRole('region', { name: 'Analytics of The Salt Lantern' })
  const figure = (label: string) => analyticsFigure(panel, label).textContent()
  const positive = async (label: string) => Number(((await figure(label)) ?? '').replace(/[^0-9.]/g, '') || 0)
  await expect.poll(() => positive('Audio plays'), { timeout: 60_000 }).toBeGreaterThan(0)
  expect(await positive('Views')).toBeGreaterThan(0)
  expect(await positive('Listening time')).toBeGreaterThan(0)
  expect(await figure('Likes')).toBe('7')
  // Nothing is hidden behind the free plan's dots: the granted plan opens every figure.
  expect(await panel.getByRole('img', { name: 'Hidden on the free plan' }).count()).toBe(0)
  await screenshot(page, 'demo-author-analytics-1366')
  await page.setViewportSize({ width: 390, height: 844 })
  await panel.scrollIntoViewIfNeeded()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await screenshot(page, 'demo-author-analytics-390')

  // My Membership says the plan was granted and why.
  await page.goto(`${app.baseUrl}/profile-membership`)
  await expect
    .poll(() => page.getByTestId('current-plan-grant').textContent(), { timeout: 20_000 })
    .toContain('demo author')
  await screenshot(page, 'demo-author-membership-390')
  await context.close()
}, 240_000)
