import type { FastifyPluginAsync } from 'fastify'
import { LRUCache } from 'lru-cache'
import { access } from '@bookstrut/core'
import { robotsTxt, sitemapXml, type SitemapSource } from '@bookstrut/catalogue'

export type { SitemapEntry, SitemapSource } from '@bookstrut/catalogue'

export interface SeoRoutesOptions {
  /** Public addresses beyond the catalogue (content pages): see SitemapSource. */
  sources?: readonly SitemapSource[]
}

/** How long a sitemap file is served from memory: a new book is listed within this time. */
const SITEMAP_TTL_MS = 10 * 60_000

const xml = 'application/xml; charset=utf-8'

/** For crawlers, not in the API document; anybody may read them (plugins/app/access.ts). */
const crawlerRoute = { schema: { hide: true }, config: { access: access.public() } }

/**
 * `/robots.txt`, `/sitemap.xml` and its files `/sitemaps/{n}.xml` (docs/seo.md), at the site's root, generated
 * from the database. Each answer is kept in memory for ten minutes, so a crawler's repeated reads cost nothing.
 */
export const seoRoutes: FastifyPluginAsync<SeoRoutesOptions> = async (app, opts) => {
  const origin = new URL(app.config.http.publicUrl).origin
  const deps = () => ({
    db: app.db,
    origin,
    pageSize: app.config.client.sitemapPageSize,
    sources: opts.sources ?? [],
  })
  // Keys: 0 for /sitemap.xml, n for /sitemaps/n.xml; only existing files are kept, so the cache stays small.
  const cache = new LRUCache<number, string>({ max: 200, ttl: SITEMAP_TTL_MS })
  // An admin write (a topic approved or withdrawn, a listing taken down) empties it, as it empties the render
  // cache (plugins/app/public-pages.ts): a withdrawn topic leaves the sitemap at once, not within ten minutes.
  app.publicPages.onChange(() => cache.clear())
  const cached = async (page: number) => {
    const hit = cache.get(page)
    if (hit !== undefined) return hit
    const body = await sitemapXml(deps(), page === 0 ? undefined : page)
    if (body !== null) cache.set(page, body)
    return body
  }

  app.get('/robots.txt', crawlerRoute, async (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(origin)),
  )

  app.get('/sitemap.xml', crawlerRoute, async (_req, reply) =>
    reply
      .type(xml)
      .header('cache-control', 'public, max-age=600')
      .send(await cached(0)),
  )

  app.get<{ Params: { file: string } }>('/sitemaps/:file', crawlerRoute, async (req, reply) => {
    // Cheap check first: only "{n}.xml" with a sane n reaches the database.
    const match = /^([1-9]\d{0,5})\.xml$/.exec(req.params.file)
    const body = match ? await cached(Number(match[1])) : null
    if (body === null) {
      return reply
        .code(404)
        .send({ success: false, code: 'NOT_FOUND', message: 'No such sitemap', data: null })
    }
    return reply.type(xml).header('cache-control', 'public, max-age=600').send(body)
  })
}
