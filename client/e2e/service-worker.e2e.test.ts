import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Browser, Response } from 'playwright-core'
import { launchBrowser, startApp } from './harness.js'

/*
 * The service worker /sw.js (docs/seo.md) in chromium: registered after the first load, it serves the
 * hashed assets on the next load from its cache, and never an API answer.
 */

let app: Awaited<ReturnType<typeof startApp>>
let browser: Browser

beforeAll(async () => {
  app = await startApp({ label: 'e2esw' })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

it('is served uncached, so an update is seen at the next check', async () => {
  const res = await fetch(`${app.baseUrl}/sw.js`)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/javascript/)
  expect(res.headers.get('cache-control')).toBe('no-cache')
})

it('is active after the first load; the next load takes static assets from it and API answers from the server', async () => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(app.baseUrl)
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), {
      timeout: 15_000,
    })
    .toBe('activated')

  const responses: Response[] = []
  page.on('response', (r) => responses.push(r))
  await page.reload()
  await page.waitForLoadState('networkidle')
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)

  const assets = responses.filter((r) => new URL(r.url()).pathname.startsWith('/assets/'))
  expect(assets.length).toBeGreaterThan(0)
  for (const r of assets) expect(r.fromServiceWorker(), r.url()).toBe(true)

  const apiCalls = responses.filter((r) => new URL(r.url()).pathname.startsWith('/api/'))
  expect(apiCalls.length).toBeGreaterThan(0)
  for (const r of apiCalls) expect(r.fromServiceWorker(), r.url()).toBe(false)
  // Nothing under /api/ (nor anything else than the precached shell and assets) is in any of its caches.
  const cached = await page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname)
    return urls
  })
  expect(cached.length).toBeGreaterThan(0)
  expect(cached.filter((p) => p.startsWith('/api/'))).toEqual([])
  expect(cached.filter((p) => p !== '/index.html' && !p.startsWith('/assets/'))).toEqual([])
  await context.close()
})
