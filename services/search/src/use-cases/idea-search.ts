import type { UserRow } from '@bookstrut/accounts'
import { createHash } from 'node:crypto'
import type { Redis } from 'ioredis'
import { Type, type Static } from '@sinclair/typebox'
import { impressionEvents, queueEvents, withReactionFlags, type Searcher } from '@bookstrut/analytics'
import { booksRepo, toPodcast } from '@bookstrut/catalogue'
import { AppError, pageWindow, parseJson, toPage, type Page } from '@bookstrut/core'
import {
  hasDuplicateIdeas,
  toWireScores,
  type AnalyticsEvent,
  type IdeaSearchQuery,
  type ScoredPodcast,
} from '@bookstrut/schemas'
import { preferLanguage, type RankedBook } from '../idea-ranking.js'
import { round2 } from '../strut-score.js'
import { normaliseIdea } from '../idea-embeddings.js'
import { keepServedSearch, servedSearchId } from '../found-it/served-searches.js'
import { savedSearchNetwork } from '../found-it/reader-network.js'
import * as searchHistoryRepo from '../db/search-history.repository.js'
import type { SearchDeps } from './search-deps.js'

/** The idea index that ranks (the api's, of the serving model: services/api/src/idea-index). */
export interface IdeaRanker {
  readonly current: { rank(ideas: readonly string[]): Promise<RankedBook[]> }
}

export interface IdeaSearchDeps extends SearchDeps {
  ideaSearch: IdeaRanker
  redis: Redis
}

/** How long a query's ranking is kept, so that later pages continue page 1's order. */
export const RANKING_TTL_SECONDS = 600

export const duplicateQueries = () =>
  new AppError(422, 'DUPLICATE_QUERIES', 'It appears you have duplicate or similar queries. Please revise.')

/** A ranked book as kept between pages: its id and its Strut scores (rounded as the product shows them). */
const RankingEntry = Type.Object({
  bookId: Type.String(),
  scores: Type.Object({ ideas: Type.Array(Type.Number()), bonus: Type.Number(), total: Type.Number() }),
})
type RankingEntry = Static<typeof RankingEntry>
const Ranking = Type.Array(RankingEntry)

/** A ranking kept in Redis, or null when there is none or it is not one (then page 1's order is made again). */
async function keptRanking(deps: IdeaSearchDeps, key: string): Promise<RankingEntry[] | null> {
  const cached = await deps.redis.get(key)
  return cached === null ? null : parseJson(Ranking, cached)
}

/**
 * Idea search: the caller's three ideas ranked against every approved, active title by Strut scores, the
 * caller's ghosted titles left out, books in the reader's language preferred. Page 1 ranks afresh and keeps the
 * ranking for RANKING_TTL_SECONDS; later pages read it, so books arriving meanwhile do not shift the pages.
 */
export async function searchByIdeas(
  deps: IdeaSearchDeps,
  caller: UserRow | null,
  q: IdeaSearchQuery,
  anonymousId?: string,
  address?: string,
): Promise<Page<ScoredPodcast> & { searchId?: string }> {
  const ideas = [q.firstField, q.secondField, q.thirdField].map((i) => i.trim())
  if (hasDuplicateIdeas(ideas)) throw duplicateQueries()
  const userId = caller?.id ?? null

  const window = pageWindow(q.page ?? 1, q.limit ?? 10)
  const key = rankingKey(deps, ideas, q.language, userId)
  const kept = window.page > 1 ? await keptRanking(deps, key) : null
  const ranking = kept ?? (await rankAndKeep(deps, key, ideas, q.language, userId))

  const slice = ranking.slice(window.offset, window.offset + window.limit)
  // Titles ghosted (or taken down) since page 1 leave the page without shifting later pages.
  const rows = await booksRepo.findPublicBooksInOrder(
    deps.db,
    slice.map((e) => e.bookId),
    userId,
  )
  const scoresOf = new Map(slice.map((e) => [e.bookId, e.scores]))
  const data = await withReactionFlags(
    deps,
    userId,
    rows.map((row) => ({ ...toPodcast(row), ...toWireScores(scoresOf.get(row.id)!, ideas) })),
  )

  if (userId && ranking.length > 0 && window.page === 1)
    await searchHistoryRepo.recordSearch(
      deps.db,
      userId,
      ideas as [string, string, string],
      deps.clock.now(),
      // The saving address's network, keyed-hashed: the topics queue shows from how many places an idea came.
      address === undefined ? null : await savedSearchNetwork(deps.redis, deps.config.redis.prefix, address),
    )
  await queueEvents(deps.queues, impressions(deps, data, window.offset, ideas, { userId, anonymousId }))
  if (!userId) return toPage(data, ranking.length, window)
  // Kept for "found it": the reader may confirm a listed book, with these ideas, by this id (POST /found-it).
  const searchId = servedSearchId(key)
  if (!kept)
    await keepServedSearch(deps.redis, deps.config.redis.prefix, searchId, {
      userId,
      ideas,
      books: ranking.map((e) => [e.bookId, e.scores.ideas]),
    })
  return { ...toPage(data, ranking.length, window), searchId }
}

/**
 * The ranking's cache key: the ideas as typed (normalised), the language and the reader. Not the model: pages
 * after a model switch continue the ranking page 1 made (all of it by the old model), rather than mixing two.
 */
function rankingKey(
  deps: IdeaSearchDeps,
  ideas: string[],
  language: string | undefined,
  userId: string | null,
) {
  const identity = JSON.stringify([ideas.map(normaliseIdea), language ?? '', userId ?? ''])
  return `${deps.config.redis.prefix}:search:ranking:${createHash('sha256').update(identity).digest('hex')}`
}

async function rankAndKeep(
  deps: IdeaSearchDeps,
  key: string,
  ideas: string[],
  language: string | undefined,
  userId: string | null,
): Promise<RankingEntry[]> {
  const ranked = await deps.ideaSearch.current.rank(ideas)
  const ids = ranked.map((r) => r.bookId)
  // Public and not ghosted by the caller: the same "visible to this reader" rule as keyword search.
  const languages = await booksRepo.publicLanguages(deps.db, ids, userId)
  const visible = ranked.filter((r) => languages.has(r.bookId))
  const ordered = preferLanguage(visible, (id) => languages.get(id), language)
  const entries = ordered.map(toEntry)
  await deps.redis.set(key, JSON.stringify(entries), 'EX', RANKING_TTL_SECONDS)
  return entries
}

const toEntry = (r: RankedBook): RankingEntry => ({
  bookId: r.bookId,
  scores: { ideas: r.scores.ideas.map(round2), bonus: round2(r.scores.bonus), total: round2(r.scores.total) },
})

/** Every listed result is an impression: its rank in the whole list and the scores the reader saw. */
function impressions(
  deps: IdeaSearchDeps,
  shown: ScoredPodcast[],
  offset: number,
  ideas: string[],
  who: Searcher,
): AnalyticsEvent[] {
  return impressionEvents(shown, who, deps.clock.now().toISOString(), (p, i) => ({
    mode: 'idea',
    rank: offset + i + 1,
    scores: p.ideaScore.map((entry) => Object.values(entry)[0] ?? 0),
    query: ideas,
  }))
}
