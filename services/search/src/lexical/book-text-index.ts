import { stemmer } from 'stemmer'
import type { BookText } from '../book-passages.js'
import { Bm25Index, type Bm25Field } from './bm25-index.js'

/**
 * Common English function words: they match nearly every blurb, so they only add noise to a reader's idea
 * ("a lawyer defends a man accused of a crime" is about lawyer, defends, man, accused, crime).
 */
const STOP_WORDS = new Set(
  (
    'a about after all also an and any are as at be been before but by can could did do does for from had has ' +
    'have he her him his how i if in into is it its just me more my no not of on one or our out she so some ' +
    'than that the their them then there these they this those to up us was we were what when where which who ' +
    'whom why will with would you your'
  ).split(' '),
)

/**
 * Lower case, Porter-stemmed ("defends", "defended" → "defend": readers rarely use the blurb's inflection); stop
 * words and one-letter words dropped (null: not indexed).
 */
export function lexicalTerm(term: string): string | null {
  const t = term.toLowerCase()
  return t.length > 1 && !STOP_WORDS.has(t) ? stemmer(t) : null
}

/** Words: runs of letters and digits (apostrophes inside a word kept: "tom's" is one word, then "tom"). */
export const lexicalTokens = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean)

/**
 * BM25 field weights, chosen on the dev split (npm run bench:quality): a word of the title counts most, then the
 * author's ideas, then the description, each field normalised by its own length (BM25F-like).
 */
export const LEXICAL_FIELD_BOOST = { title: 2, ideas: 1.5, description: 1 } as const

/** Books kept per idea from the lexical ranking: deep enough for fusion, bounded for very common words. */
export const LEXICAL_DEPTH = 1000

/**
 * A field as BM25 reads it: its processed terms with their frequencies, and its length in distinct words (stop
 * words included). Each distinct word is processed once (stemming is most of the cost of indexing).
 */
function field(text: string): Bm25Field {
  const words = new Map<string, number>()
  for (const word of lexicalTokens(text)) words.set(word, (words.get(word) ?? 0) + 1)
  const terms = new Map<string, number>()
  for (const [word, count] of words) {
    const term = cachedTerm(word)
    if (term) terms.set(term, (terms.get(term) ?? 0) + count)
  }
  return { terms, length: words.size }
}

/**
 * The terms of words met while indexing: a catalogue repeats the same words, and stemming is the largest part of
 * indexing. Bounded: cleared when full (rare words come and go, common ones come back at once).
 */
const termCache = new Map<string, string | null>()
const TERM_CACHE_SIZE = 100_000

function cachedTerm(word: string): string | null {
  let term = termCache.get(word)
  if (term === undefined) {
    if (termCache.size >= TERM_CACHE_SIZE) termCache.clear()
    term = lexicalTerm(word)
    termCache.set(word, term)
  }
  return term
}

/** An idea's processed terms, as the index's fields are processed (a repeated word counts again). */
export function ideaTerms(idea: string): string[] {
  const terms: string[] = []
  for (const word of lexicalTokens(idea)) {
    const term = lexicalTerm(word)
    if (term) terms.push(term)
  }
  return terms
}

/**
 * matchIdeas' answer: each idea's lexical matches (LexicalMatches), carrying what the second stage reads beside
 * them (second-stage.ts): the ideas' text and the books' title terms.
 */
export type IdeaMatches = Map<string, number>[] & {
  ideas: readonly string[]
  titleTerms: (bookId: string) => ReadonlySet<string> | undefined
}

/**
 * The words of every book (title, ideas, description) in an in-memory BM25 index (bm25-index.ts: BM25+ with
 * k1 1.2, b 0.7, δ 0.5, scored as MiniSearch scored it before), kept beside the vector index by each api process.
 * It answers, per idea a reader typed, how strongly each book matches that idea's words; fusion (idea-fusion.ts)
 * adds that to the idea's cosine.
 */
export class BookTextIndex {
  private readonly index = new Bm25Index({
    boosts: [LEXICAL_FIELD_BOOST.title, LEXICAL_FIELD_BOOST.ideas, LEXICAL_FIELD_BOOST.description],
  })
  /** each book's title terms: the second stage's title-word signal (second-stage.ts) */
  private readonly titles = new Map<string, ReadonlySet<string>>()

  get bookCount() {
    return this.index.documentCount
  }
  has(bookId: string) {
    return this.index.has(bookId)
  }
  /** bytes of postings and lengths (typed arrays; the id map and term dictionary come on top) */
  get memoryBytes() {
    return this.index.memoryBytes
  }

  /** Sets a book's text, replacing any it had. */
  upsert(bookId: string, book: BookText) {
    const title = field(book.title)
    this.index.add(bookId, [title, field(book.ideas.join('. ')), field(book.description)])
    this.titles.set(bookId, new Set(title.terms.keys()))
  }

  remove(bookId: string) {
    this.index.remove(bookId)
    this.titles.delete(bookId)
  }

  /** The terms of a book's title (as ideaTerms processes an idea's words). */
  titleTerms(bookId: string): ReadonlySet<string> | undefined {
    return this.titles.get(bookId)
  }

  /**
   * For each idea: the books matching its words, with a strength in (0, 1]: the book's BM25 score divided by the
   * best book's for that idea, so that strengths of different ideas are on one scale (the best match of an idea
   * is 1 however common its words are). The LEXICAL_DEPTH best books per idea (equal scores by id), selected
   * without sorting every match; an idea with no indexed word matches nothing (an empty map).
   */
  matchIdeas(ideas: readonly string[]): IdeaMatches {
    const matches = ideas.map((idea) => {
      const strengths = new Map<string, number>()
      const { hits } = this.index.search(ideaTerms(idea), LEXICAL_DEPTH)
      const best = hits[0]?.score ?? 0
      if (best <= 0) return strengths
      for (const h of hits) strengths.set(h.id, h.score / best)
      return strengths
    })
    return Object.assign(matches, { ideas: [...ideas], titleTerms: (id: string) => this.titleTerms(id) })
  }

  /** How many books hold any word of the idea (before the LEXICAL_DEPTH cut): for the benchmarks. */
  countMatches(idea: string): number {
    return this.index.search(ideaTerms(idea), 0).matched
  }
}
