import MiniSearch from 'minisearch'
import { stemmer } from 'stemmer'
import type { BookText } from '../book-passages.js'

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
 * words and one-letter words dropped (MiniSearch skips a term mapped to null).
 */
export function lexicalTerm(term: string): string | null {
  const t = term.toLowerCase()
  return t.length > 1 && !STOP_WORDS.has(t) ? stemmer(t) : null
}

/** Words: runs of letters and digits (apostrophes inside a word kept: "tom's" is one word, then "tom"). */
const tokenize = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean)

/**
 * BM25 field weights, chosen on the dev split (npm run bench:quality): a word of the title counts most, then the
 * author's ideas, then the description, each field normalised by its own length (BM25F-like).
 */
export const LEXICAL_FIELD_BOOST = { title: 2, ideas: 1.5, description: 1 } as const

/** Books kept per idea from the lexical ranking: deep enough for fusion, bounded for very common words. */
export const LEXICAL_DEPTH = 1000

interface Doc {
  id: string
  title: string
  ideas: string
  description: string
}

/**
 * The words of every book (title, ideas, description) in an in-memory BM25 index (MiniSearch: BM25+ with
 * k1 1.2, b 0.7, δ 0.5), kept beside the vector index by each api process. It answers, per idea a reader typed,
 * how strongly each book matches that idea's words; fusion (idea-fusion.ts) adds that to the idea's cosine.
 */
export class BookTextIndex {
  private readonly search = new MiniSearch<Doc>({
    fields: ['title', 'ideas', 'description'],
    storeFields: [],
    tokenize,
    processTerm: lexicalTerm,
    searchOptions: { boost: { ...LEXICAL_FIELD_BOOST }, combineWith: 'OR' },
    autoVacuum: { minDirtCount: 200, minDirtFactor: 0.2, batchSize: 1000, batchWait: 10 },
  })

  get bookCount() {
    return this.search.documentCount
  }
  has(bookId: string) {
    return this.search.has(bookId)
  }

  /** Sets a book's text, replacing any it had. */
  upsert(bookId: string, book: BookText) {
    this.remove(bookId)
    this.search.add({
      id: bookId,
      title: book.title,
      ideas: book.ideas.join('. '),
      description: book.description,
    })
  }

  remove(bookId: string) {
    if (this.search.has(bookId)) this.search.discard(bookId)
  }

  /**
   * For each idea: the books matching its words, with a strength in (0, 1]: the book's BM25 score divided by the
   * best book's for that idea, so that strengths of different ideas are on one scale (the best match of an idea
   * is 1 however common its words are). At most LEXICAL_DEPTH books per idea; an idea with no indexed word
   * matches nothing (an empty map).
   */
  matchIdeas(ideas: readonly string[]): Map<string, number>[] {
    return ideas.map((idea) => {
      const strengths = new Map<string, number>()
      const results = this.search.search(idea)
      const best = results[0]?.score ?? 0
      if (best <= 0) return strengths
      for (const r of results.slice(0, LEXICAL_DEPTH)) strengths.set(String(r.id), r.score / best)
      return strengths
    })
  }
}
