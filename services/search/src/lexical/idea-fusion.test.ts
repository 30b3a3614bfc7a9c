import { describe, expect, it } from 'vitest'
import { rankBooks } from '../idea-ranking.js'
import { cosineForScore, offBaseScale, onBaseScale, RELEVANCE_FLOOR, strutScore } from '../strut-score.js'
import { BookVectorIndex } from '../vector-index.js'
import { fuseIdeaEvidence, LEXICAL_WEIGHT } from './idea-fusion.js'

/*
 * Fusion and the relevance floor through rankBooks, on vectors whose cosine to each idea is set exactly: three
 * orthogonal unit vectors spread over 16 dimensions (the int8 index holds components up to ±0.5, as sentence
 * vectors have), the two ideas and a filler; a book is c0 · idea 0 + c1 · idea 1 + the rest on the filler.
 */
const DIMS = 16
const spread = (from: number, count: number) =>
  Float32Array.from({ length: DIMS }, (_, j) => (j >= from && j < from + count ? 1 / Math.sqrt(count) : 0))
const ideas = [spread(0, 4), spread(4, 4)]
const filler = spread(8, 8)
const book = (c0: number, c1: number) => {
  const rest = Math.sqrt(1 - c0 * c0 - c1 * c1)
  return Float32Array.from(
    { length: DIMS },
    (_, j) => c0 * ideas[0]![j]! + c1 * ideas[1]![j]! + rest * filler[j]!,
  )
}
const floor = cosineForScore(RELEVANCE_FLOOR)

function catalogue(books: Record<string, [number, number]>) {
  const index = new BookVectorIndex(DIMS)
  for (const [id, [c0, c1]] of Object.entries(books)) index.upsert(id, [book(c0, c1)])
  return index
}

describe('fusion per idea', () => {
  it("adds a book's lexical strength for an idea to that idea's evidence only", () => {
    const lexical = [new Map(), new Map([['b', 0.5]])]
    const fused = fuseIdeaEvidence('b', [0.3, 0.3], lexical)
    expect(fused[0]).toBeCloseTo(0.3)
    expect(fused[1]).toBeCloseTo(0.3 + 0.5 * LEXICAL_WEIGHT)
    expect(fuseIdeaEvidence('b', [0.3, 0.3], undefined)).toEqual([0.3, 0.3])
  })

  it('raises the Strut score of the idea whose words the book holds, and ranks by the scores shown', () => {
    const index = catalogue({ meaning: [0.5, 0.45], words: [0.5, 0.4] })
    const cosineOnly = rankBooks(index, ideas)
    expect(cosineOnly.map((r) => r.bookId)).toEqual(['meaning', 'words'])

    const lexical = [new Map<string, number>(), new Map([['words', 1]])]
    const fused = rankBooks(index, ideas, { lexical })
    expect(fused.map((r) => r.bookId)).toEqual(['words', 'meaning'])
    // the same book cosine only: idea 0 keeps its score, idea 1 gains exactly the weight on its cosine
    const before = cosineOnly.find((r) => r.bookId === 'words')!.scores
    const after = fused[0]!.scores
    expect(after.ideas[0]).toBeCloseTo(before.ideas[0]!, 6)
    expect(after.ideas[1]).toBeCloseTo(strutScore(cosineForScore(before.ideas[1]!) + LEXICAL_WEIGHT), 6)
    expect(fused[0]!.scores.total).toBeGreaterThan(fused[1]!.scores.total)
  })

  it('lists a book just under the floor by meaning when its words match the idea, and nothing without a match', () => {
    const index = catalogue({ near: [floor - LEXICAL_WEIGHT / 2, 0], far: [0.05, 0.05] })
    expect(rankBooks(index, ideas)).toEqual([])

    const listed = rankBooks(index, ideas, { lexical: [new Map([['near', 1]]), new Map()] })
    expect(listed.map((r) => r.bookId)).toEqual(['near'])
    expect(Math.max(...listed[0]!.scores.ideas)).toBeGreaterThanOrEqual(RELEVANCE_FLOOR)

    // words alone do not list a book that means nothing like the idea
    const weak = rankBooks(index, ideas, { lexical: [new Map([['far', 1]]), new Map([['far', 1]])] })
    expect(weak).toEqual([])
  })
})

describe("a model's cosine scale", () => {
  // a trained encoder's cosines run higher and spread less than the base model's. Scores are compared to ±0.5: the
  // index holds int8 rows, and the curve is steep.
  const scale = { slope: 0.8, offset: -0.1 }

  it('scores, fuses and floors the cosines put on the base scale, so a score means the same for every model', () => {
    const raw = (base: number) => offBaseScale(scale, base)
    // 'listed' is at the floor once scaled; 'high' passes the floor on its raw cosine only
    const index = catalogue({ listed: [raw(floor + 0.01), raw(0.2)], high: [floor + 0.01, 0.1] })
    const ranked = rankBooks(index, ideas, { scale })
    expect(ranked.map((r) => r.bookId)).toEqual(['listed'])
    expect(ranked[0]!.scores.ideas[0]).toBeCloseTo(strutScore(floor + 0.01), 0)
    expect(ranked[0]!.scores.ideas[1]).toBeCloseTo(strutScore(0.2), 0)
    // on the base scale the same vectors list both books
    expect(rankBooks(index, ideas).map((r) => r.bookId)).toEqual(['listed', 'high'])

    // the words' share is added on the base scale: the same lift whatever the model
    const lexical = [new Map<string, number>(), new Map([['listed', 1]])]
    const fused = rankBooks(index, ideas, { scale, lexical })
    const unfused = ranked[0]!.scores.ideas[1]!
    expect(fused[0]!.scores.ideas[1]).toBeCloseTo(strutScore(cosineForScore(unfused) + LEXICAL_WEIGHT), 6)
    expect(onBaseScale(scale, raw(0.3))).toBeCloseTo(0.3, 9)
  })
})
