import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { booksRepo } from '@bookstrut/catalogue'
import {
  ErrorEnvelope,
  IdeaSearchQuery,
  PagedPodcasts,
  PagedScoredPodcasts,
  SurfaceSearchQuery,
} from '@bookstrut/schemas'
import { access, actsForRule, inQuery, notBlockedRule } from '@bookstrut/core'
import {
  BONUS_WEIGHT,
  createSurfaceIndex,
  LANGUAGE_PREFERENCE,
  MAX_RANKED,
  RANKING_TTL_SECONDS,
  RELEVANCE_FLOOR,
  searchByIdeas,
  searchByKeywords,
} from '@bookstrut/search'
import { depsOf } from '../deps.js'
import { declarer } from '../route-docs.js'
import { paged } from '../../respond.js'
import { anonymousIdOf } from '../../plugins/app/anonymous-id.js'
import { limitSearches, RATE_LIMIT_NOTE } from './search-rate-limit.js'

/**
 * Search: by three ideas (Strut scores, through this process's idea index) and by keywords (through this
 * deployment's surface index: PostgreSQL, or Meilisearch at MEILI_URL).
 */
export const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { ...depsOf(app), ideaSearch: app.ideaSearch, redis: app.redis }
  const declare = declarer(['search'])
  const surfaceIndex = createSurfaceIndex(app.config, app.db)
  await surfaceIndex.ensureSettings()
  app.addHook('onClose', () => surfaceIndex.close())
  app.log.info({ surfaceIndex: surfaceIndex.name }, 'keyword search ready')

  app.get(
    '/search/podcast',
    {
      onRequest: limitSearches(app.limits),
      ...declare({
        summary: 'Search approved titles by three ideas, with Strut scores',
        description:
          'Each idea is scored 0-100 against every approved, active title: the best cosine similarity between the ' +
          "idea and the book's own ideas and description passages (put on one scale whichever model made them), " +
          'mapped through a logistic calibration (a close paraphrase scores 80 or more, an unrelated idea 20 or ' +
          `less). bonusScore is ${BONUS_WEIGHT} x the weakest ` +
          'of the three idea scores (it rewards covering all three); hellaScore is the sum of the three and the ' +
          `bonus. A title is listed only when at least one idea scores ${RELEVANCE_FLOOR} or more, at most ` +
          `${MAX_RANKED} titles. Titles in the reader's language (same primary subtag as \`language\`) gain ` +
          `${LANGUAGE_PREFERENCE} points in the ordering (not in the scores shown). The caller's ghosted titles are ` +
          `left out. Page 1 ranks afresh; later pages continue that ranking for ${RANKING_TTL_SECONDS / 60} minutes. ` +
          'A non-empty first page of a signed-in reader is saved in the search history, and every page of a ' +
          'signed-in reader carries `searchId`, with which POST /found-it confirms a listed book. ' +
          '422 DUPLICATE_QUERIES when ' +
          'two ideas are the same or share more than 70 % of their words longer than 2 characters. ' +
          RATE_LIMIT_NOTE,
        request: { querystring: IdeaSearchQuery },
        response: { 200: PagedScoredPodcasts, 422: ErrorEnvelope },
        // A blocked reader gets 403 BLOCKED: the spec's client shows the blocked dialog instead of results.
        access: access.public(actsForRule(inQuery('userid')), notBlockedRule),
      }),
    },
    async (req) => {
      const page = await searchByIdeas(
        deps,
        req.auth?.user ?? null,
        req.query,
        req.auth ? undefined : await anonymousIdOf(req),
        req.ip,
      )
      return paged(page.total > 0 ? 'Podcasts fetched successfully' : 'No results found', page)
    },
  )

  app.get(
    '/search/podcast/surface',
    {
      onRequest: limitSearches(app.limits),
      ...declare({
        summary: 'Keyword search over approved titles',
        description:
          'By default PostgreSQL full-text search (websearch syntax: "a phrase", -word, or) weighted title/author > ' +
          'ideas > description. When nothing matches as typed, typos are forgiven word by word as Meilisearch does: ' +
          'each word also matches the catalogue words within its typo budget (none up to 4 letters, 1 for 5-8, 2 ' +
          `for longer; a swap of two neighbouring letters is one typo; at most ${booksRepo.TYPO_SPELLINGS_MAX} ` +
          'spellings a word). With MEILI_URL set, Meilisearch (typo-tolerant, title > author > ideas > ' +
          "description). The caller's ghosted titles are left out. Ranked by relevance, 10 per page. " +
          RATE_LIMIT_NOTE,
        request: { querystring: SurfaceSearchQuery },
        response: { 200: PagedPodcasts },
        access: access.public(actsForRule(inQuery('userid'))),
      }),
    },
    async (req) => {
      const page = await searchByKeywords(
        deps,
        surfaceIndex,
        { term: req.query.query.trim(), page: req.query.page ?? 1, limit: req.query.limit ?? 10 },
        { userId: req.auth?.user.id ?? null, anonymousId: req.auth ? undefined : await anonymousIdOf(req) },
      )
      return paged(page.total > 0 ? 'Podcasts fetched successfully' : 'No results found', page)
    },
  )
}
