import { describe, expect, it } from 'vitest'
import {
  boundedFoundGain,
  FOUND_IDEA_LIFT,
  FOUND_IDEA_MAX_GAIN,
  liftedCosines,
} from './found-idea-influence.js'
import { rankBooks, type RankedBook } from './idea-ranking.js'
import { BONUS_WEIGHT, cosineForScore, RELEVANCE_FLOOR, strutScores } from './strut-score.js'
import { BookVectorIndex } from './vector-index.js'
import { BookTextIndex } from './lexical/book-text-index.js'
import type { BookText } from './book-passages.js'

/*
 * Found ideas (approved "found it" ideas) through the real index, lexical index and committed second stage, with
 * vectors whose cosines are set exactly (as in whole-request.test.ts): three ideas and a filler, four orthogonal unit
 * vectors over 16 dimensions; a passage is c · one idea + the rest on the filler. The api's end-to-end replay of the
 * same attacks, with the shipped encoder, is in services/api/src/routes/found-it/found-it.test.ts.
 */
const DIMS = 16
const spread = (from: number) =>
  Float32Array.from({ length: DIMS }, (_, j) => (j >= from && j < from + 4 ? 0.5 : 0))
const IDEA_VECTORS = [spread(0), spread(4), spread(8)]
const filler = spread(12)
/** A passage at cosine `c` with idea `i` (and about 0 with the others). */
const passage = (i: number, c: number) =>
  Float32Array.from({ length: DIMS }, (_, j) => c * IDEA_VECTORS[i]![j]! + Math.sqrt(1 - c * c) * filler[j]!)

// A Harry Potter search, typed verbatim by the attackers as the found ideas of a Jane Eyre.
const WIZARD_IDEAS = [
  'an orphan boy learns he is a wizard',
  'a boarding school of magic in a castle',
  'three friends fight a dark lord',
]

interface Book {
  text: BookText
  /** the book's own passages: [idea, cosine] */
  own: [number, number][]
}

const BOOKS: Record<string, Book> = {
  wizard: {
    text: {
      title: 'The Boy Who Found His Wand',
      ideas: WIZARD_IDEAS,
      description: 'A boy goes to study magic.',
    },
    own: [
      [0, 0.62],
      [1, 0.6],
      [2, 0.58],
    ],
  },
  governess: {
    text: {
      title: 'The Governess',
      ideas: ['an orphan girl survives a harsh school', 'a governess loves her master'],
      description: 'An orphan girl grows up at a cruel boarding school and becomes a governess.',
    },
    own: [
      [0, 0.46],
      [1, 0.42],
      [2, 0.12],
    ],
  },
  castle: {
    text: { title: 'Old Stones', ideas: ['a history of fortresses'], description: 'Fortresses of England.' },
    own: [[1, 0.4]],
  },
}

/**
 * The catalogue as the api holds it: own passages in the index, found ones apart (`found`), or, with `asAuthors`,
 * the way found ideas were held before issue 45: among the author's ideas, as passages and as words.
 */
function catalogue(found: Record<string, { ideas: string[]; vectors: Float32Array[] }>, asAuthors = false) {
  const index = new BookVectorIndex(DIMS)
  const foundIndex = new BookVectorIndex(DIMS, undefined, 1)
  const text = new BookTextIndex()
  for (const [id, book] of Object.entries(BOOKS)) {
    const own = book.own.map(([i, c]) => passage(i, c))
    const extra = found[id]
    if (asAuthors && extra) {
      index.upsert(id, [...own, ...extra.vectors])
      text.upsert(id, { ...book.text, ideas: [...book.text.ideas, ...extra.ideas] })
      continue
    }
    index.upsert(id, own)
    text.upsert(id, book.text)
    if (extra) foundIndex.upsert(id, extra.vectors)
  }
  return { index, foundIndex, text }
}

function rank(
  c: ReturnType<typeof catalogue>,
  ideas: readonly string[],
  vectors: readonly Float32Array[],
  secondStage?: false,
) {
  return rankBooks(c.index, vectors, {
    lexical: c.text.matchIdeas(ideas),
    foundIdeas: c.foundIndex,
    ...(secondStage === false ? { secondStage } : {}),
  })
}

const positionOf = (ranked: readonly RankedBook[], id: string) => ranked.findIndex((r) => r.bookId === id)
const scoresOf = (ranked: readonly RankedBook[], id: string) => ranked.find((r) => r.bookId === id)?.scores

// The attackers' found ideas: the search's own words (their vectors are the query's: cosine 1).
const verbatim = { ideas: WIZARD_IDEAS, vectors: IDEA_VECTORS }

describe('found ideas: bounded influence (issue 45)', () => {
  for (const stage of ['the second stage', 'the first stage alone'] as const) {
    it(`a book agreed for another book's three ideas verbatim rises at most FOUND_IDEA_MAX_GAIN and does not pass a book that matches on its own text (${stage})`, () => {
      const secondStage = stage === 'the first stage alone' ? false : undefined
      const before = rank(catalogue({}), WIZARD_IDEAS, IDEA_VECTORS, secondStage)
      expect(positionOf(before, 'wizard')).toBe(0)
      const governessBefore = scoresOf(before, 'governess')!

      // How found ideas were held before: the attack worked.
      const old = rank(catalogue({ governess: verbatim }, true), WIZARD_IDEAS, IDEA_VECTORS, secondStage)
      expect(old[0]!.bookId).toBe('governess')

      const after = rank(catalogue({ governess: verbatim }), WIZARD_IDEAS, IDEA_VECTORS, secondStage)
      const governessAfter = scoresOf(after, 'governess')!
      expect(after[0]!.bookId).toBe('wizard')
      // Nobody else's scores move: found ideas reach no signal of the listing.
      expect(scoresOf(after, 'wizard')).toEqual(scoresOf(before, 'wizard'))
      expect(scoresOf(after, 'castle')).toEqual(scoresOf(before, 'castle'))
      expect(governessAfter.total).toBeGreaterThan(governessBefore.total)
      expect(governessAfter.total).toBeLessThanOrEqual(governessBefore.total + FOUND_IDEA_MAX_GAIN + 1e-9)
      expect(governessAfter.total).toBeCloseTo(
        governessAfter.ideas.reduce((s, x) => s + x, 0) + BONUS_WEIGHT * Math.min(...governessAfter.ideas),
        9,
      )
    })
  }

  it('a found idea the book is not about cannot give it a high Strut score for it', () => {
    const phrase = ['a cooking contest in paris']
    // idea 2's direction stands for the phrase here: the governess's own text is far from it (0.12)
    const unrelated = { ideas: phrase, vectors: [IDEA_VECTORS[2]!] }
    const asked = [IDEA_VECTORS[2]!]
    const old = rank(catalogue({ governess: unrelated }, true), phrase, asked)
    expect(scoresOf(old, 'governess')!.ideas[0]).toBeGreaterThan(90)
    // Lifted by FOUND_IDEA_LIFT at most, its cosine stays far under the floor: not listed for the phrase.
    expect(positionOf(rank(catalogue({ governess: unrelated }), phrase, asked), 'governess')).toBe(-1)
    // Listed for another idea, its score for the phrase stays low, first stage and second.
    const ideas = [WIZARD_IDEAS[0]!, phrase[0]!]
    const vectors = [IDEA_VECTORS[0]!, IDEA_VECTORS[2]!]
    for (const stage of [undefined, false] as const)
      expect(
        scoresOf(rank(catalogue({ governess: unrelated }), ideas, vectors, stage), 'governess')!.ideas[1],
      ).toBeLessThan(30)
  })

  it('a book readers found with an idea its blurb words poorly rises for it, over the floor', () => {
    const idea = [WIZARD_IDEAS[1]!]
    // Readers' paraphrase of what the castle book is about, closer to the idea than its blurb (0.4).
    const found = { ideas: ['magic lessons in an old castle'], vectors: [passage(1, 0.8)] }
    const asked = [IDEA_VECTORS[1]!]
    const before = scoresOf(rank(catalogue({}), idea, asked, false), 'castle')
    const after = scoresOf(rank(catalogue({ castle: found }), idea, asked, false), 'castle')!
    expect(before).toBeUndefined() // under the floor on its own text
    expect(after.ideas[0]).toBeGreaterThanOrEqual(RELEVANCE_FLOOR)
    // The product's ranking (the second stage) lists it for the idea too, where it did not before.
    expect(positionOf(rank(catalogue({}), idea, asked), 'castle')).toBe(-1)
    expect(positionOf(rank(catalogue({ castle: found }), idea, asked), 'castle')).toBeGreaterThanOrEqual(0)
  })
})

describe('the bounds', () => {
  const scale = { slope: 1.0593, offset: -0.0822 } // idea-encoder-v2's card

  it('counts a found passage at most FOUND_IDEA_LIFT above the book’s own cosine, on the base scale', () => {
    const own = [0.3, 0.5, 0.6]
    const lifted = liftedCosines(own, [1, 0.55, 0.2], scale)
    const base = (c: number) => scale.slope * c + scale.offset
    expect(base(lifted[0]!) - base(own[0]!)).toBeCloseTo(FOUND_IDEA_LIFT, 9) // verbatim: capped
    expect(lifted[1]).toBeCloseTo(0.55, 9) // a paraphrase within the lift counts as it is
    expect(lifted[2]).toBe(0.6) // never lower than the book's own
  })

  it('raises a total by at most FOUND_IDEA_MAX_GAIN, whatever the scores, and never lowers a score', () => {
    let seed = 7
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 100
    for (let n = 0; n < 2000; n++) {
      const own = strutScores([0, 1, 2].map(() => cosineForScore(Math.max(0.01, random()))))
      const lifted = { ...own, ideas: own.ideas.map((s) => Math.min(99.99, s + random() * (n % 2))) }
      const liftedScores = strutScores(lifted.ideas.map(cosineForScore))
      const bounded = boundedFoundGain(own, liftedScores)
      expect(bounded.total - own.total).toBeLessThanOrEqual(FOUND_IDEA_MAX_GAIN + 1e-9)
      bounded.ideas.forEach((s, i) => expect(s).toBeGreaterThanOrEqual(own.ideas[i]! - 1e-9))
    }
  })
})
