import { matchCosines, type IdeaVectorIndex } from './vector-index.js'
import { cosineForScore, passesFloor, RELEVANCE_FLOOR, strutScores, type StrutScores } from './strut-score.js'

export interface RankedBook {
  bookId: string
  scores: StrutScores
}

/** A ranking never holds more books than this: the first 100 pages of results. */
export const MAX_RANKED = 1000

/**
 * Every book above the relevance floor, best first: by hellaScore, then by id so that equal scores keep one
 * order across requests.
 */
export function rankBooks(index: IdeaVectorIndex, ideaVectors: readonly Float32Array[]): RankedBook[] {
  const coverage = index.search(ideaVectors, { floorCosine: cosineForScore(RELEVANCE_FLOOR) })
  const ranked: RankedBook[] = []
  coverage.bookIds.forEach((bookId, b) => {
    const scores = strutScores(matchCosines(coverage, b))
    if (passesFloor(scores)) ranked.push({ bookId, scores })
  })
  ranked.sort((a, b) => b.scores.hella - a.scores.hella || (a.bookId < b.bookId ? -1 : 1))
  return ranked.slice(0, MAX_RANKED)
}

/** How much a book in the reader's language gains in the ranking (not in its shown scores). */
export const LANGUAGE_PREFERENCE = 15

/** The primary subtag of a language tag: en-US → en. */
export const primaryLanguage = (tag: string | null | undefined) =>
  tag?.trim().split(/[-_]/)[0]?.toLowerCase() || null

/**
 * Prefers books in the reader's language: each gains LANGUAGE_PREFERENCE points in the sort (a 15-point lead on
 * a 0-350 scale: it decides between books that match about equally, it does not lift a weak match over a strong
 * one). Books of unknown language are neither preferred nor pushed down. Stable for equal keys.
 */
export function preferLanguage(
  ranked: readonly RankedBook[],
  languageOf: (bookId: string) => string | null | undefined,
  readerLanguage: string | null | undefined,
): RankedBook[] {
  const reader = primaryLanguage(readerLanguage)
  if (!reader) return [...ranked]
  const key = (b: RankedBook) =>
    b.scores.hella + (primaryLanguage(languageOf(b.bookId)) === reader ? LANGUAGE_PREFERENCE : 0)
  return ranked
    .map((b, i) => ({ b, i, k: key(b) }))
    .sort((x, y) => y.k - x.k || x.i - y.i)
    .map((x) => x.b)
}
