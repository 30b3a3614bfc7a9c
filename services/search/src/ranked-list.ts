import { matchCosines, type IdeaVectorIndex } from './vector-index.js'
import { fuseIdeaEvidence } from './lexical/idea-fusion.js'
import { BASE_SCALE, passesFloor, strutScores, type CosineScale } from './strut-score.js'
import type { RankedBook } from './idea-ranking.js'

/**
 * Idea mode lists at least this many books whenever the catalogue holds as many visible ones (issue 46): a reader
 * would rather see the ten best books, each honestly labelled (strong, partial, weak match: matchLabel in
 * @bookstrut/schemas), than "No results found". The relevance floor demotes a book, it never hides it.
 */
export const MIN_LISTED = 10

/**
 * How many books under the floor a ranking keeps beside it: more than MIN_LISTED, so that the reader's ghosted or
 * meanwhile hidden books, left out after ranking, still leave ten to list.
 */
export const BELOW_FLOOR_KEPT = 3 * MIN_LISTED

/**
 * The best books under the relevance floor (by total, then id) for a ranking of fewer than MIN_LISTED books: none
 * otherwise. Their scores are their own cosines' (no fusion with words, which only lifts books over the floor), so
 * a weak book reads as weak. A full scan of the index, which happens only when fewer than ten books pass the floor.
 */
export function belowFloorBooks(
  index: IdeaVectorIndex,
  ideaVectors: readonly Float32Array[],
  ranked: readonly RankedBook[],
  scale: CosineScale = BASE_SCALE,
): RankedBook[] {
  if (ranked.length >= MIN_LISTED || index.bookCount === 0) return []
  const listed = new Set(ranked.map((r) => r.bookId))
  const all = index.search(ideaVectors, { floorCosine: -1 })
  const below: RankedBook[] = []
  all.bookIds.forEach((bookId, b) => {
    if (listed.has(bookId)) return
    below.push({
      bookId,
      scores: strutScores(fuseIdeaEvidence(bookId, matchCosines(all, b), undefined, 0, scale)),
    })
  })
  below.sort((a, b) => b.scores.total - a.scores.total || (a.bookId < b.bookId ? -1 : 1))
  return below.slice(0, BELOW_FLOOR_KEPT)
}

/**
 * The list a reader sees: every ranked book that passes the floor, in its order, then books under it (in theirs)
 * until MIN_LISTED are listed. A ranked book passes the floor by its scores (passesFloor), and a book of
 * belowFloorBooks never does: its unfused cosines are at most the evidence that left it under the floor.
 */
export function listAtLeastTen<T extends RankedBook>(ordered: readonly T[]): T[] {
  const above = ordered.filter((r) => passesFloor(r.scores))
  const below = ordered.filter((r) => !passesFloor(r.scores))
  return [...above, ...below.slice(0, Math.max(0, MIN_LISTED - above.length))]
}
