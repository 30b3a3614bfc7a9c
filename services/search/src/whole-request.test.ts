import { describe, expect, it } from 'vitest'
import { firstStage, rankBooks, REQUEST_CANDIDATES } from './idea-ranking.js'
import { readsReaderIdeas, readsRequest, type LinearSecondStage } from './second-stage.js'
import { cosineForScore, RELEVANCE_FLOOR } from './strut-score.js'
import { BookVectorIndex } from './vector-index.js'
import { BookTextIndex } from './lexical/book-text-index.js'

/*
 * The whole request (RankOptions.request) through the real index: vectors whose cosines are set exactly, as in
 * idea-fusion.test.ts: two ideas, the whole request and a filler, four orthogonal unit vectors over 16 dimensions;
 * a book is c0 · idea 0 + c1 · idea 1 + cr · request + the rest on the filler.
 */
const DIMS = 16
const spread = (from: number) =>
  Float32Array.from({ length: DIMS }, (_, j) => (j >= from && j < from + 4 ? 0.5 : 0))
const ideas = [spread(0), spread(4)]
const request = spread(8)
const filler = spread(12)
const book = (c0: number, c1: number, cr: number) => {
  const rest = Math.sqrt(1 - c0 * c0 - c1 * c1 - cr * cr)
  return Float32Array.from(
    { length: DIMS },
    (_, j) => c0 * ideas[0]![j]! + c1 * ideas[1]![j]! + cr * request[j]! + rest * filler[j]!,
  )
}
const floor = cosineForScore(RELEVANCE_FLOOR)

function catalogue(books: Record<string, [number, number, number]>) {
  const index = new BookVectorIndex(DIMS)
  const text = new BookTextIndex()
  for (const [id, [c0, c1, cr]] of Object.entries(books)) {
    index.upsert(id, [book(c0, c1, cr)])
    text.upsert(id, { title: id, ideas: [], description: 'a story' })
  }
  return { index, text }
}

/** A second stage that reads the whole request: an idea's score rises with its cosine and the request's. */
const readingModel: LinearSecondStage = {
  version: 'test-request',
  features: ['cosine', 'requestCosine'],
  weights: [10, 20],
  bias: -8,
  shown: { slope: 1, offset: 0 },
}

describe('the whole request', () => {
  it('adds the books closest to it that the ideas did not list, after those they did, and leaves their ranking', () => {
    const { index } = catalogue({
      both: [0.6, 0.6, 0.2],
      request: [floor - 0.1, floor - 0.1, 0.7], // under the floor by each idea, close to the whole request
      neither: [floor - 0.1, floor - 0.1, floor - 0.05],
    })
    const alone = firstStage(index, ideas)
    const withRequest = firstStage(index, ideas, { request })
    expect(withRequest.ranked).toEqual(alone.ranked)
    expect(alone.listing).toEqual(['both'])
    expect(withRequest.listing).toEqual(['both', 'request'])
    expect(withRequest.requestCosines?.get('request')).toBeCloseTo(0.7, 2)
    expect(withRequest.cosines.get('request')![0]).toBeCloseTo(floor - 0.1, 2)
    expect(alone.requestCosines).toBeUndefined()
  })

  it(`adds at most ${REQUEST_CANDIDATES} books, the closest first`, () => {
    const books: Record<string, [number, number, number]> = {}
    for (let i = 0; i < REQUEST_CANDIDATES + 20; i++)
      books[`b${String(i).padStart(3, '0')}`] = [0, 0, 0.8 - i / 500]
    const { listing } = firstStage(catalogue(books).index, ideas, { request })
    expect(listing).toHaveLength(REQUEST_CANDIDATES)
    expect(listing[0]).toBe('b000')
    expect(listing.at(-1)).toBe(`b${String(REQUEST_CANDIDATES - 1).padStart(3, '0')}`)
  })

  it('is given to a second stage that reads it, which lifts the book the request as a whole describes', () => {
    const { index, text } = catalogue({
      plain: [0.5, 0.5, 0.1],
      described: [0.5, 0.5, 0.6],
      byRequestOnly: [floor - 0.1, floor - 0.1, 0.65],
    })
    const opts = { lexical: text.matchIdeas(['idea one', 'idea two']), secondStage: readingModel }
    expect(readsRequest(readingModel)).toBe(true)
    expect(() => rankBooks(index, ideas, opts)).toThrow(/reads the whole request/)
    const ranked = rankBooks(index, ideas, { ...opts, request })
    expect(ranked.map((r) => r.bookId)).toEqual(['described', 'byRequestOnly', 'plain'])
    // the shown scores explain the order: every idea of the described book scores above the plain one's
    const [described, , plain] = ranked
    described!.scores.ideas.forEach((s, i) => expect(s).toBeGreaterThan(plain!.scores.ideas[i]!))
  })

  it('is ignored by the first stage alone and by a second stage that does not read it', () => {
    const { index, text } = catalogue({ plain: [0.5, 0.5, 0.1], byRequestOnly: [0, 0, 0.75] })
    const lexical = text.matchIdeas(['idea one', 'idea two'])
    const notReading: LinearSecondStage = { ...readingModel, features: ['cosine'], weights: [10] }
    expect(rankBooks(index, ideas, { request }).map((r) => r.bookId)).toEqual(['plain'])
    expect(
      rankBooks(index, ideas, { lexical, secondStage: notReading, request }).map((r) => r.bookId),
    ).toEqual(['plain'])
  })
})

describe("readers' ideas (RankOptions.readerIdeas)", () => {
  const readerModel: LinearSecondStage = {
    version: 'test-readers',
    features: ['cosine', 'readerCosine'],
    weights: [10, 20],
    bias: -8,
    shown: { slope: 1, offset: 0 },
  }

  it("are asked for the listed books only and lift the book whose readers' words match", () => {
    const { index, text } = catalogue({ plain: [0.6, 0.6, 0], confirmed: [0.5, 0.5, 0] })
    const opts = { lexical: text.matchIdeas(['idea one', 'idea two']), secondStage: readerModel }
    expect(readsReaderIdeas(readerModel)).toBe(true)
    expect(() => rankBooks(index, ideas, opts)).toThrow(/reads readers' ideas/)
    const asked: string[][] = []
    const readerIdeas = (bookIds: readonly string[]) => {
      asked.push([...bookIds])
      return new Map([['confirmed', { cosines: [0.8, 0.7], readers: 3 }]])
    }
    expect(rankBooks(index, ideas, { ...opts, readerIdeas }).map((r) => r.bookId)).toEqual([
      'confirmed',
      'plain',
    ])
    expect(asked).toEqual([['plain', 'confirmed']])
    // without readers' ideas the closer blurb wins
    expect(rankBooks(index, ideas, { ...opts, readerIdeas: () => new Map() })[0]!.bookId).toBe('plain')
  })
})
