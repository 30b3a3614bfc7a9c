import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { PagedPodcasts, SurfaceSearchQuery, type Podcast } from '@bookstrut/schemas'
import { assertCallerId, podcastsRepo, type DbOrTx } from '@bookstrut/core'
import { createSurfaceIndex, type SurfaceIndex } from '@bookstrut/search'
import { pageWindow, paged, toPage, type Page } from '../../respond.js'
import { errorResponses } from '../route-docs.js'
import { toPodcast } from '../../views/podcast-view.js'
import { limitSearches, RATE_LIMIT_NOTE } from './search-rate-limit.js'

/**
 * One page of a keyword search: ids from the surface index, then the listings from PostgreSQL in the index's
 * order. Only listings public right now are loaded, so an external index that lags a moderation shows nothing
 * it should not.
 */
export async function surfaceSearch(
  db: DbOrTx,
  index: SurfaceIndex,
  query: { term: string; page: number; limit: number },
): Promise<Page<Podcast>> {
  const window = pageWindow(query.page, query.limit)
  const { ids, total } = await index.search({ term: query.term, offset: window.offset, limit: window.limit })
  const rows = await podcastsRepo.findPublicPodcastsInOrder(db, ids)
  return toPage(rows.map(toPodcast), total, window)
}

/** Keyword (surface) search, through this deployment's surface index (PostgreSQL, or Meilisearch at MEILI_URL). */
export const surfaceSearchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const index = createSurfaceIndex(app.config, app.db)
  await index.ensureSettings()
  app.addHook('onClose', () => index.close())
  app.log.info({ surfaceIndex: index.name }, 'keyword search ready')

  app.get(
    '/search/podcast/surface',
    {
      onRequest: limitSearches(app.limits),
      schema: {
        tags: ['search'],
        summary: 'Keyword search over approved titles',
        description:
          'By default PostgreSQL full-text search (websearch syntax: "a phrase", -word, or) weighted title/author > ' +
          'ideas > description; when nothing matches, trigram word similarity on title and author for misspellings ' +
          `(a term within reach of more than ${podcastsRepo.TYPO_FALLBACK_MAX} titles, such as a stop word alone, ` +
          'finds nothing). With MEILI_URL ' +
          'set, Meilisearch (typo-tolerant, title > author > ideas > description). Ranked by relevance, 10 per page. ' +
          RATE_LIMIT_NOTE,
        querystring: SurfaceSearchQuery,
        response: { 200: PagedPodcasts, ...errorResponses },
      },
    },
    async (req) => {
      assertCallerId(req.auth?.user, req.query.userid)
      const page = await surfaceSearch(app.db, index, {
        term: req.query.query.trim(),
        page: req.query.page ?? 1,
        limit: req.query.limit ?? 10,
      })
      return paged(page.total > 0 ? 'Podcasts fetched successfully' : 'No results found', page)
    },
  )
}
