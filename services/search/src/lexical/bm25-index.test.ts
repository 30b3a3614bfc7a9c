import MiniSearch from 'minisearch'
import { describe, expect, it } from 'vitest'
import { seededRandom as seeded } from '@bookstrut/core/testing'
import { Bm25Index } from './bm25-index.js'
import {
  BookTextIndex,
  LEXICAL_DEPTH,
  LEXICAL_FIELD_BOOST,
  lexicalTerm,
  lexicalTokens,
} from './book-text-index.js'

/*
 * The index replaced MiniSearch for speed at 100,000 books; its results must be MiniSearch's. Each test builds
 * both over the same seeded catalogue (words of Zipf-like frequency, inflections the stemmer merges, stop words,
 * capitals) and compares every idea's strengths.
 */

const random = seeded(2026)
const SYLLABLES = ['ka', 'lo', 'mer', 'tin', 'sha', 'vor', 'el', 'dun', 'ri', 'pas', 'go', 'wen']
const STEMS = Array.from({ length: 700 }, () =>
  Array.from({ length: 2 + Math.floor(random() * 2) }, () => SYLLABLES[Math.floor(random() * 12)]).join(''),
)
const ENDINGS = ['', '', '', 's', 'ed', 'ing']
const FUNCTION_WORDS = ['the', 'a', 'of', 'and', 'to', 'in', 'his', 'her', 'was']

/** A word: common stems far more often than rare ones, sometimes inflected, capitalised or a function word. */
function word() {
  if (random() < 0.25) return FUNCTION_WORDS[Math.floor(random() * FUNCTION_WORDS.length)]!
  const stem = STEMS[Math.floor(STEMS.length * random() ** 3)]!
  const w = stem + ENDINGS[Math.floor(random() * ENDINGS.length)]!
  return random() < 0.1 ? w[0]!.toUpperCase() + w.slice(1) : w
}
const words = (min: number, max: number) =>
  Array.from({ length: min + Math.floor(random() * (max - min + 1)) }, word).join(' ')

function book() {
  return {
    title: words(1, 5),
    ideas: random() < 0.6 ? [words(4, 12), words(4, 12), words(4, 12)] : [],
    description: `${words(15, 120)}. ${words(5, 30)}!`,
  }
}

/** MiniSearch configured as BookTextIndex was before, with its matchIdeas. */
function reference() {
  const search = new MiniSearch<{ id: string; title: string; ideas: string; description: string }>({
    fields: ['title', 'ideas', 'description'],
    storeFields: [],
    tokenize: lexicalTokens,
    processTerm: lexicalTerm,
    searchOptions: { boost: { ...LEXICAL_FIELD_BOOST }, combineWith: 'OR' },
  })
  return {
    search,
    upsert(id: string, b: ReturnType<typeof book>) {
      if (search.has(id)) search.discard(id)
      search.add({ id, title: b.title, ideas: b.ideas.join('. '), description: b.description })
    },
    matchIdea(idea: string) {
      const results = search.search(idea)
      const best = results[0]?.score ?? 0
      return new Map(results.slice(0, LEXICAL_DEPTH).map((r) => [String(r.id), r.score / best]))
    },
  }
}

/**
 * Ours against MiniSearch for one idea: the same number of books and the same strengths; a book only one of them
 * keeps may only be one tied at the depth's last strength (MiniSearch then keeps the ones it met first, we the
 * lowest ids).
 */
function expectSame(ours: Map<string, number>, theirs: Map<string, number>) {
  expect(ours.size).toBe(theirs.size)
  const sortedOurs = [...ours.values()].sort((a, b) => b - a)
  const sortedTheirs = [...theirs.values()].sort((a, b) => b - a)
  sortedOurs.forEach((s, i) => expect(s).toBeCloseTo(sortedTheirs[i]!, 9))
  const last = sortedTheirs.at(-1) ?? 0
  for (const [id, s] of ours) {
    if (theirs.has(id)) expect(s).toBeCloseTo(theirs.get(id)!, 9)
    else expect(s).toBeCloseTo(last, 9)
  }
}

/** Reader-like ideas of several words (mostly cut at the depth), and single rare words (a few books each). */
const ideas = Array.from({ length: 60 }, (_, i) =>
  i % 4 === 0 ? STEMS[STEMS.length - 1 - i]! : words(3, 12),
)

describe('Bm25Index against MiniSearch', () => {
  const catalogue = Array.from({ length: 2500 }, book)

  it('gives every idea the same books and strengths, within the depth bound', () => {
    const ours = new BookTextIndex()
    const theirs = reference()
    catalogue.forEach((b, i) => {
      ours.upsert(`book${i}`, b)
      theirs.upsert(`book${i}`, b)
    })
    const matched = ours.matchIdeas(ideas)
    matched.forEach((m, i) => expectSame(m, theirs.matchIdea(ideas[i]!)))
    // Before the depth cut: every book holding a word of the idea.
    for (const idea of ideas) expect(ours.countMatches(idea)).toBe(theirs.search.search(idea).length)
    // The comparison covers both regimes: ideas cut at the depth and ideas matching fewer books.
    expect(matched.filter((m) => m.size === LEXICAL_DEPTH).length).toBeGreaterThan(10)
    expect(matched.filter((m) => m.size > 0 && m.size < LEXICAL_DEPTH).length).toBeGreaterThan(5)
  })

  it('stays the same after books are removed and edited (freed slots reused)', async () => {
    const ours = new BookTextIndex()
    const theirs = reference()
    catalogue.forEach((b, i) => {
      ours.upsert(`book${i}`, b)
      theirs.upsert(`book${i}`, b)
    })
    for (let i = 0; i < catalogue.length; i += 3) {
      ours.remove(`book${i}`)
      theirs.search.discard(`book${i}`)
    }
    for (let i = 1; i < catalogue.length; i += 5) {
      const edited = book()
      ours.upsert(`book${i}`, edited)
      theirs.upsert(`book${i}`, edited)
    }
    for (let i = 0; i < 300; i++) {
      const added = book()
      ours.upsert(`new${i}`, added)
      theirs.upsert(`new${i}`, added)
    }
    // MiniSearch corrects its counts for discarded books lazily, while searching; vacuuming makes them exact.
    await theirs.search.vacuum()
    expect(ours.bookCount).toBe(theirs.search.documentCount)
    ours.matchIdeas(ideas).forEach((m, i) => expectSame(m, theirs.matchIdea(ideas[i]!)))
  })
})

/** A field of these processed terms, its length their distinct count. */
function field(...terms: string[]) {
  const frequencies = new Map<string, number>()
  for (const t of terms) frequencies.set(t, (frequencies.get(t) ?? 0) + 1)
  return { terms: frequencies, length: frequencies.size }
}

describe('Bm25Index', () => {
  it('returns the k best, best first, and a removed document no more', () => {
    const index = new Bm25Index({ boosts: [1] })
    index.add('short', [field('whale')])
    index.add('long', [field('whale', 'ship', 'sea', 'captain')])
    index.add('twice', [field('whale', 'whale', 'ship')])
    index.add('none', [field('court')])
    expect(index.search(['whale'], 10).hits.map((h) => h.id)).toEqual(['twice', 'short', 'long'])
    // "ship" too: the documents with both words gain the most.
    expect(index.search(['whale', 'ship'], 2).hits.map((h) => h.id)).toEqual(['twice', 'long'])
    expect(index.search(['whale', 'ship'], 2).matched).toBe(3)
    expect(index.search(['unknown'], 10)).toEqual({ hits: [], matched: 0 })
    index.remove('twice')
    expect(index.search(['whale'], 10).hits.map((h) => h.id)).toEqual(['short', 'long'])
    expect(index.documentCount).toBe(3)
  })

  it('rejects documents with the wrong number of fields', () => {
    const index = new Bm25Index({ boosts: [2, 1] })
    expect(() => index.add('x', [field('a')])).toThrow(RangeError)
    expect(() => new Bm25Index({ boosts: [1, 1, 1, 1, 1] })).toThrow(RangeError)
  })
})
