import { AsyncLocalStorage } from 'node:async_hooks'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import { loadPageBundle, type ApiTransport, type PageBundle } from './page-bundle.js'
import { parseTemplate, type PageTemplate } from './page-template.js'

/** A server-rendered page: 200, or 404 for an address with nothing public to show. */
export interface RenderedPage {
  status: 200 | 404
  html: string
}

/** How a page answer was made (the x-page-render header): from the cache, rendered now, or the app shell. */
export type RenderOutcome = 'hit' | 'miss' | 'shell' | 'busy' | 'failed'

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

interface ApiCall {
  app: FastifyInstance
  ip: string
  userAgent: string | undefined
}

/**
 * One per process: which app and visitor a render's API calls belong to. The bundle's transport is set once for
 * the whole process, and renders of several requests interleave, so each call finds its own request here.
 */
const calls = new AsyncLocalStorage<ApiCall>()

/**
 * API calls of a render go through the app's own handlers (app.inject): the same validation, visibility rules and
 * rate limits as over HTTP, counted against the visitor's address. Reads only, never signed in.
 */
const injectTransport: ApiTransport = async (url, init) => {
  const call = calls.getStore()
  if (!call) throw new Error('an API call of a server render outside a render')
  if ((init.method ?? 'GET') !== 'GET')
    throw new Error(`a server render may only read (${init.method} ${url})`)
  const res = await call.app.inject({
    method: 'GET',
    url,
    remoteAddress: call.ip,
    headers: { accept: 'application/json', ...(call.userAgent ? { 'user-agent': call.userAgent } : {}) },
  })
  return new Response(res.body, {
    status: res.statusCode,
    headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
  })
}

/** The longest address rendered: anything longer is not a page of ours and gets the app shell. */
const MAX_URL_LENGTH = 2048

/**
 * The server render of public pages (docs/seo.md), or null when the client build has no server bundle. Pages are
 * cached briefly in memory per address; renders past a visitor's budget (pageRendersPerIp) get the app shell,
 * which costs nothing to send.
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
  const renderNow = (req: FastifyRequest) => renderPage(bundle, template, { app, req, origin })
  // An admin write (plugins/app/public-pages.ts) empties the cache: the next load shows the change, not a page
  // up to 30 s old.
  app.publicPages.onChange(() => cache.clear())

  return {
    async render(req) {
      if (req.url.length > MAX_URL_LENGTH) return { page: null, outcome: 'shell' }
      const cached = cache.get(req.url)
      if (cached) return { page: cached, outcome: 'hit' }
      // Counted only when a render is due; over the budget the visitor still gets a working page (the shell).
      if ((await app.limits.count('pageRendersPerIp', req.ip)) <= 0) return { page: null, outcome: 'busy' }
      try {
        const seen = app.publicPages.version()
        const page = await renderNow(req)
        if (!page) return { page: null, outcome: 'shell' }
        // A render that read data while an admin write landed may hold the old data: sent, not kept.
        if (app.publicPages.version() === seen) cache.set(req.url, page)
        return { page, outcome: 'miss' }
      } catch (error) {
        req.log.error({ err: error, url: req.url }, 'server render failed: sending the app shell')
        return { page: null, outcome: 'failed' }
      }
    },
  }
}

async function renderPage(
  bundle: PageBundle,
  template: PageTemplate,
  { app, req, origin }: { app: FastifyInstance; req: FastifyRequest; origin: string },
): Promise<RenderedPage | null> {
  const call: ApiCall = { app, ip: req.ip, userAgent: req.headers['user-agent'] }
  const result = await calls.run(call, () =>
    bundle.render({ url: req.url, origin, transport: injectTransport }),
  )
  if (result.kind === 'shell') return null
  if (result.kind === 'not-found') return { status: 404, html: template.fill(result) }
  return { status: 200, html: template.fill(result) }
}
