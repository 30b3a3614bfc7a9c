import { describe, expect, it } from 'vitest'
import { BookVectorIndex } from './vector-index.js'
import { rankBooks } from './idea-ranking.js'
import { belowFloorBooks, BELOW_FLOOR_KEPT, listAtLeastTen, MIN_LISTED } from './ranked-list.js'
import { passesFloor } from './strut-score.js'

// A real index of unit vectors: book i's one passage leans towards the query by a cosine set by the test, so the
// relevance floor (a cosine of about 0.45) lets some books pass and leaves the others under it.

// Real embeddings spread their length over every dimension (the index quantizes each to int8): so do these.
const DIMS = 256
const HALF = DIMS / 2
const spread = (from: number) =>
  Float32Array.from({ length: DIMS }, (_, d) => (d >= from && d < from + HALF ? 1 / Math.sqrt(HALF) : 0))
const query = spread(0)
const other = spread(HALF)
/** A unit vector at the given cosine to `query`. */
const towards = (cosine: number) => {
  const sine = Math.sqrt(1 - cosine * cosine)
  return Float32Array.from(query, (q, d) => cosine * q + sine * other[d]!)
}

function indexOf(cosines: number[]) {
  const index = new BookVectorIndex(DIMS)
  cosines.forEach((c, i) => index.upsert(`book${String(i).padStart(2, '0')}`, [towards(c)]))
  return index
}

describe('a ranked list, always', () => {
  it('follows the books above the floor with the best under it, up to ten in all', () => {
    // Three books about the ideas, then twenty under the floor at falling cosines.
    const index = indexOf([0.8, 0.7, 0.6, ...Array.from({ length: 20 }, (_, i) => 0.3 - i * 0.01)])
    const ideas = [query, query, query]
    const ranked = rankBooks(index, ideas, { secondStage: false })
    expect(ranked.map((r) => r.bookId)).toEqual(['book00', 'book01', 'book02'])
    const below = belowFloorBooks(index, ideas, ranked)
    expect(below).toHaveLength(Math.min(20, BELOW_FLOOR_KEPT))
    expect(below.every((b) => !passesFloor(b.scores))).toBe(true)
    expect(below[0]?.bookId).toBe('book03')
    const listed = listAtLeastTen([...ranked, ...below])
    expect(listed).toHaveLength(MIN_LISTED)
    expect(listed.map((r) => r.bookId)).toEqual(Array.from({ length: 10 }, (_, i) => `book0${i}`))
  })

  it('adds nothing when ten books pass the floor, and lists every book of a small catalogue', () => {
    const many = indexOf(Array.from({ length: 12 }, () => 0.8))
    const ideas = [query, query, query]
    const ranked = rankBooks(many, ideas, { secondStage: false })
    expect(ranked).toHaveLength(12)
    expect(belowFloorBooks(many, ideas, ranked)).toEqual([])
    expect(listAtLeastTen(ranked)).toHaveLength(12)

    const few = indexOf([0.1, 0.2, 0.15])
    const none = rankBooks(few, ideas, { secondStage: false })
    expect(none).toEqual([])
    const all = listAtLeastTen(belowFloorBooks(few, ideas, none))
    expect(all.map((r) => r.bookId)).toEqual(['book01', 'book02', 'book00'])
  })

  it('keeps books above the floor first even when another order put a weak one before them', () => {
    const index = indexOf([0.8, 0.2])
    const ideas = [query, query, query]
    const ranked = rankBooks(index, ideas, { secondStage: false })
    const below = belowFloorBooks(index, ideas, ranked)
    // e.g. the language preference lifted the weak book first
    expect(listAtLeastTen([...below, ...ranked]).map((r) => r.bookId)).toEqual(['book00', 'book01'])
  })
})
