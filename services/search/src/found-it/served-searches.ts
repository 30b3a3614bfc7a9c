import { createHash } from 'node:crypto'
import type { Redis } from 'ioredis'
import { Type, type Static } from '@sinclair/typebox'
import { parseJson } from '@bookstrut/core'

/*
 * The idea searches the server served to signed-in readers, kept so that "found it" takes the ideas and the
 * book's place from the search itself, never from what a client sends: POST /found-it names a `searchId`, and
 * only the reader it was served to, and only a book it listed, can be confirmed with it.
 */

/** How long a served search can be confirmed from: an hour after its last page 1 (a reader reads, plays, decides). */
export const SERVED_SEARCH_TTL_SECONDS = 3600

const ServedSearch = Type.Object({
  userId: Type.String(),
  ideas: Type.Array(Type.String(), { minItems: 1, maxItems: 3 }),
  /** the ranked books in order, each with its three idea scores */
  books: Type.Array(Type.Tuple([Type.String(), Type.Array(Type.Number())])),
})
export type ServedSearch = Static<typeof ServedSearch>

const keyOf = (prefix: string, searchId: string) => `${prefix}:found-it:search:${searchId}`

/**
 * A search's id: the hash of its ranking's own key (ideas, language, reader), so every page of one search answers
 * the same id. It names nothing by itself: the stored record says whose it is.
 */
export const servedSearchId = (rankingKey: string) =>
  createHash('sha256').update(`found-it\0${rankingKey}`).digest('hex').slice(0, 32)

export async function keepServedSearch(
  redis: Redis,
  prefix: string,
  searchId: string,
  search: ServedSearch,
): Promise<void> {
  await redis.set(keyOf(prefix, searchId), JSON.stringify(search), 'EX', SERVED_SEARCH_TTL_SECONDS)
}

/** The served search, or null when it is unknown or expired (or not one: then it is as good as unknown). */
export async function findServedSearch(
  redis: Redis,
  prefix: string,
  searchId: string,
): Promise<ServedSearch | null> {
  const kept = await redis.get(keyOf(prefix, searchId))
  return kept === null ? null : parseJson(ServedSearch, kept)
}

/** Keeps a served search at least `seconds` longer (never shortens it). */
export async function keepServedSearchFor(redis: Redis, prefix: string, searchId: string, seconds: number) {
  await redis.expire(keyOf(prefix, searchId), seconds, 'GT')
}
