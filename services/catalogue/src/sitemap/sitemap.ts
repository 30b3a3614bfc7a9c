import { SitemapIndexStream, SitemapStream, streamToPromise } from 'sitemap'
import type { DbOrTx } from '@bookstrut/core'
import * as catalogue from './sitemap-lists.repository.js'

/** One public address for the sitemap. */
export interface SitemapEntry {
  /** Root-relative path, e.g. `/faq/123`. */
  path: string
  lastmod?: Date | string | null
}

/**
 * Public addresses the catalogue does not know: the content pages (FAQ, blog posts, information pages), and later
 * topic pages. The content package's listPublicContentPaths() is plugged in here (app.ts).
 */
export interface SitemapSource {
  name: string
  entries(): Promise<SitemapEntry[]>
}

/**
 * The pages that exist without data: home, the content indexes and the ten static articles (the client's route
 * tables, client/src/config/paths.ts; the api cannot import the client). Private pages are in robots.txt instead.
 */
export const STATIC_PATHS = [
  '/',
  '/membership',
  '/contact',
  '/faq',
  '/blog',
  '/Policy',
  '/terms-conditions',
  '/topbookstruts',
  '/free-books',
  '/free-ebooks-online',
  '/ai-book-recommendation',
  '/book-recommendation-ai',
  '/advertise-book-free',
  '/promote-book-free',
  '/free-book-discovery',
  '/find-book-by-interest',
  '/free-book-marketing-tool',
  '/best-free-book-advertising-sites',
] as const

/** A run of addresses that can be counted and read by offset without holding them all. */
interface Segment {
  count(): Promise<number>
  slice(offset: number, limit: number): Promise<SitemapEntry[]>
}

/** Static pages and every source's pages, once each (a source may list an index page too). */
function listSegment(sources: readonly SitemapSource[]): Segment {
  let loaded: Promise<SitemapEntry[]> | undefined
  const load = () =>
    (loaded ??= Promise.all(sources.map((s) => s.entries())).then((lists) => {
      const byPath = new Map<string, SitemapEntry>(STATIC_PATHS.map((path) => [path, { path }]))
      for (const entry of lists.flat()) if (!byPath.has(entry.path)) byPath.set(entry.path, entry)
      return [...byPath.values()]
    }))
  return {
    count: async () => (await load()).length,
    slice: async (offset, limit) => (await load()).slice(offset, offset + limit),
  }
}

function catalogueSegment(
  db: DbOrTx,
  list: catalogue.CatalogueList,
  pathOf: (key: string) => string,
): Segment {
  return {
    count: () => list.count(db),
    slice: async (offset, limit) =>
      (await list.rows(db, offset, limit)).map((r) => ({ path: pathOf(r.key), lastmod: r.lastmod })),
  }
}

const segmentsOf = (db: DbOrTx, sources: readonly SitemapSource[]): Segment[] => [
  listSegment(sources),
  catalogueSegment(db, catalogue.publicBooks, (id) => `/single-book/${id}`),
  catalogueSegment(db, catalogue.authorProfiles, (id) => `/author-profile/${encodeURIComponent(id)}`),
  catalogueSegment(db, catalogue.authorNames, (name) => `/author/${encodeURIComponent(name)}`),
]

/** The addresses at [offset, offset + limit) of all segments in order. */
async function entriesAt(segments: Segment[], counts: number[], offset: number, limit: number) {
  const out: SitemapEntry[] = []
  let start = offset
  for (const [i, segment] of segments.entries()) {
    const size = counts[i] ?? 0
    if (start >= size) {
      start -= size
      continue
    }
    out.push(...(await segment.slice(start, limit - out.length)))
    start = 0
    if (out.length >= limit) break
  }
  return out
}

const iso = (d: Date | string | null | undefined) =>
  d === null || d === undefined ? undefined : new Date(d).toISOString()

async function urlSet(origin: string, entries: SitemapEntry[]): Promise<string> {
  const stream = new SitemapStream({ hostname: origin })
  for (const e of entries) stream.write({ url: e.path, lastmod: iso(e.lastmod) })
  stream.end()
  return (await streamToPromise(stream)).toString()
}

async function sitemapIndex(origin: string, files: number): Promise<string> {
  const stream = new SitemapIndexStream()
  for (let n = 1; n <= files; n++) stream.write({ url: `${origin}/sitemaps/${n}.xml` })
  stream.end()
  return (await streamToPromise(stream)).toString()
}

export interface SitemapDeps {
  db: DbOrTx
  origin: string
  pageSize: number
  sources: readonly SitemapSource[]
}

/**
 * `/sitemap.xml` (page undefined): every public address, or, past `pageSize` addresses, a sitemap index of the
 * files `/sitemaps/{n}.xml` of `pageSize` addresses each. A file number past the last gives null (404).
 */
export async function sitemapXml(deps: SitemapDeps, page?: number): Promise<string | null> {
  const segments = segmentsOf(deps.db, deps.sources)
  const counts = await Promise.all(segments.map((s) => s.count()))
  const total = counts.reduce((a, b) => a + b, 0)
  const files = Math.max(1, Math.ceil(total / deps.pageSize))
  if (page === undefined) {
    if (files > 1) return sitemapIndex(deps.origin, files)
    return urlSet(deps.origin, await entriesAt(segments, counts, 0, deps.pageSize))
  }
  if (page < 1 || page > files) return null
  return urlSet(deps.origin, await entriesAt(segments, counts, (page - 1) * deps.pageSize, deps.pageSize))
}

/** Pages only a signed-in user sees, the API and the search results (typed searches): not for crawlers. */
export const PRIVATE_PATHS = [
  '/api/',
  '/profile',
  '/upload-book',
  '/admin',
  '/search-book',
  '/Logout',
] as const

export const robotsTxt = (origin: string) =>
  [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n')
