import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import { addressKey } from '@bookstrut/core'
import { loadPageBundle, type ApiTransport, type PageBundle } from './page-bundle.js'
import { parseTemplate, type PageTemplate } from './page-template.js'
import { pageCacheKey } from './page-cache-key.js'
import {
  currentRender,
  outsideRender,
  runAsRender,
  type FailedDataCall,
  type RenderCall,
} from './render-calls.js'

/** A server-rendered page: 200, or 404 for an address with nothing public to show. */
export interface RenderedPage {
  status: 200 | 404
  html: string
}

/**
 * How a page answer was made (the x-page-render header): from the cache, rendered now, rendered now without some of
 * its data (`partial`: sent `no-store`, never cached), or the app shell.
 */
export type RenderOutcome = 'hit' | 'miss' | 'partial' | 'shell' | 'busy' | 'failed'

export interface PageRenderer {
  /** The page, or null when the app shell is the answer (a private page, a render budget used up, a failure). */
  render(req: FastifyRequest): Promise<{ page: RenderedPage | null; outcome: RenderOutcome }>
}

export interface PageRendererOptions {
  /**
   * How long a rendered page is served from memory (default 30 s): a changed book shows within this time; an admin
   * write empties the cache at once.
   */
  cacheTtlMs?: number
  /** Pages kept (default 500): random query strings cannot grow memory past this. */
  cacheMaxPages?: number
}

/** A page makes a handful of data calls; a render past this many is cut off (its further calls are refused). */
export const MAX_DATA_CALLS_PER_RENDER = 10

/** Statuses that mean the render did not get its data (a 404 or 400 is an answer: the page is not found). */
const missedData = (status: number) => status === 429 || status >= 500

/**
 * API calls of a render go through the app's own handlers (app.inject): the same validation and visibility rules
 * as over HTTP. Reads only, never signed in. They are the render's own calls (render-calls.ts): they spend no
 * per-address limit of the API (rate-limits.ts skips them), so a visitor who used up their own limit cannot make
 * the render miss its data (issue 45). Instead each call spends the visitor's render budget,
 * pageRenderReadsPerIp, counted outside the render, and a render makes at most MAX_DATA_CALLS_PER_RENDER. A call
 * refused or failed is noted: the page is then sent but never cached.
 */
const injectTransport: ApiTransport = async (url, init) => {
  const call = currentRender()
  if (!call) throw new Error('an API call of a server render outside a render')
  if ((init.method ?? 'GET') !== 'GET')
    throw new Error(`a server render may only read (${init.method} ${url})`)
  const refused = () => {
    call.failed.push({ url, status: 429 })
    const body = { success: false, code: 'RATE_LIMITED', message: 'Render budget used up.', data: null }
    return new Response(JSON.stringify(body), {
      status: 429,
      headers: { 'content-type': 'application/json' },
    })
  }
  call.dataCalls += 1
  if (call.dataCalls > MAX_DATA_CALLS_PER_RENDER) return refused()
  const left = await outsideRender(() => call.app.limits.count('pageRenderReadsPerIp', addressKey(call.ip)))
  if (left <= 0) return refused()
  try {
    const res = await call.app.inject({
      method: 'GET',
      url,
      remoteAddress: call.ip,
      headers: { accept: 'application/json', ...(call.userAgent ? { 'user-agent': call.userAgent } : {}) },
    })
    if (missedData(res.statusCode)) call.failed.push({ url, status: res.statusCode })
    return new Response(res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    })
  } catch (error) {
    call.failed.push({ url, status: 'error' })
    throw error
  }
}

/** The longest address rendered: anything longer is not a page of ours and gets the app shell. */
const MAX_URL_LENGTH = 2048

/**
 * The server render of public pages (docs/seo.md), or null when the client build has no server bundle. Pages are
 * cached briefly in memory by path and the query parameters the page reads (page-cache-key.ts), and only when
 * every data call got its data; renders past a visitor's budget (pageRendersPerIp) get the app shell, which costs
 * nothing to send.
 */
export async function createPageRenderer(
  app: FastifyInstance,
  options: PageRendererOptions = {},
): Promise<PageRenderer | null> {
  const bundle = await loadPageBundle(app.config.client.distDir)
  if (!bundle) return null
  const template = parseTemplate(await readFile(path.join(app.config.client.distDir, 'index.html'), 'utf8'))
  const origin = new URL(app.config.http.publicUrl).origin
  const cache = new LRUCache<string, RenderedPage>({
    max: options.cacheMaxPages ?? 500,
    ttl: options.cacheTtlMs ?? 30_000,
  })
  // An admin write (plugins/app/public-pages.ts) empties the cache: the next load shows the change, not a page
  // up to 30 s old.
  app.publicPages.onChange(() => cache.clear())

  return {
    async render(req) {
      if (req.url.length > MAX_URL_LENGTH) return { page: null, outcome: 'shell' }
      // Unread parameters (utm_*, fbclid, random ones) neither miss the cache nor reach the render.
      const url = pageCacheKey(req.url)
      const cached = cache.get(url)
      if (cached) return { page: cached, outcome: 'hit' }
      // Counted only when a render is due; over the budget the visitor still gets a working page (the shell).
      if ((await app.limits.count('pageRendersPerIp', addressKey(req.ip))) <= 0)
        return { page: null, outcome: 'busy' }
      try {
        const seen = app.publicPages.version()
        const rendered = await renderPage(bundle, template, { app, req, url, origin })
        if (!rendered) return { page: null, outcome: 'shell' }
        const { page, failed } = rendered
        // A page that missed some of its data is this visitor's alone: sent, never kept, so nobody can make
        // everyone's copy an empty one (issue 45).
        if (failed.length > 0) {
          req.log.warn({ url, failed }, 'server render missed data: sent, not cached')
          return { page, outcome: 'partial' }
        }
        // A render that read data while an admin write landed may hold the old data: sent, not kept.
        if (app.publicPages.version() === seen) cache.set(url, page)
        return { page, outcome: 'miss' }
      } catch (error) {
        req.log.error({ err: error, url: req.url }, 'server render failed: sending the app shell')
        return { page: null, outcome: 'failed' }
      }
    },
  }
}

/** Renders the page at `url` (the cache key: path and read parameters) for this visitor, with its failed calls. */
async function renderPage(
  bundle: PageBundle,
  template: PageTemplate,
  { app, req, url, origin }: { app: FastifyInstance; req: FastifyRequest; url: string; origin: string },
): Promise<{ page: RenderedPage; failed: FailedDataCall[] } | null> {
  const call: RenderCall = { app, ip: req.ip, userAgent: req.headers['user-agent'], dataCalls: 0, failed: [] }
  const result = await runAsRender(call, () => bundle.render({ url, origin, transport: injectTransport }))
  if (result.kind === 'shell') return null
  const status = result.kind === 'not-found' ? 404 : 200
  return { page: { status, html: template.fill(result) }, failed: call.failed }
}
