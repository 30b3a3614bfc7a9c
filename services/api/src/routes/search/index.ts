import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { PagedPodcasts, SurfaceSearchQuery } from '@bookstrut/schemas'
import { podcastsRepo } from '@bookstrut/core'
import { depsOf } from '../deps.js'
import { pageWindow, paged, toPage } from '../../respond.js'
import { errorResponses } from '../route-docs.js'
import { assertCallerId } from '../podcasts/catalogue.service.js'
import { toPodcast } from '../podcasts/podcast-view.js'

/** Search. Keyword (surface) mode now; idea search with Strut scores comes with the embedding scorer. */
export const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = depsOf(app)
  app.get(
    '/search/podcast/surface',
    {
      schema: {
        tags: ['search'],
        summary: 'Keyword search over approved titles',
        description:
          'PostgreSQL full-text search (websearch syntax) weighted title/author > ideas > description, plus trigram ' +
          'word similarity on title and author for misspellings. Ranked by relevance, 10 per page.',
        querystring: SurfaceSearchQuery,
        response: { 200: PagedPodcasts, ...errorResponses },
      },
    },
    async (req) => {
      assertCallerId(req.auth, req.query.userid)
      const window = pageWindow(req.query.page ?? 1, req.query.limit ?? 10)
      const { rows, total } = await podcastsRepo.surfaceSearch(deps.db, {
        term: req.query.query.trim(),
        offset: window.offset,
        limit: window.limit,
      })
      const message = total > 0 ? 'Podcasts fetched successfully' : 'No results found'
      return paged(message, toPage(rows.map(toPodcast), total, window))
    },
  )
}
