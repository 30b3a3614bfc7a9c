/**
 * How keyword search forgives typos, word by word, as Meilisearch does by default (`minWordSizeForTypos`):
 * no typo in a word of up to 4 letters, one in a word of 5 to 8, two in a longer one. A typo is one letter
 * added, dropped or changed, or two neighbouring letters swapped (`within_typos` in the database).
 */
export function typoBudget(word: string): number {
  const letters = [...word].length
  if (letters >= 9) return 2
  if (letters >= 5) return 1
  return 0
}

/**
 * The lowest trigram similarity (pg_trgm) that a word within `budget` typos of `word` can have, so the trigram
 * index finds every such word: a word of n letters has n + 1 trigrams; an added, dropped or changed letter
 * changes at most 3 of them and the one swap `within_typos` allows at most 4, so at least n + 1 - (3·budget + 1)
 * are shared, out of at most 2(n + 1) + budget in both words together. The lower the floor, the more of the
 * dictionary the index reads (a 9-letter word with two typos reads the most); never below 0.05.
 */
export function minTrigramSimilarity(word: string, budget: number): number {
  const trigrams = [...word].length + 1
  const changed = budget === 0 ? 0 : 3 * budget + 1
  const shared = Math.max(1, trigrams - changed)
  const union = 2 * trigrams + budget - shared
  // pg_trgm's `%` keeps similarities strictly above its threshold.
  return Math.max(0.05, (shared / union) * 0.99)
}

/** The words of a query typo tolerance works on; later ones are left out (Meilisearch reads ten words too). */
export const TYPED_WORDS_MAX = 10

/** A keyword query split into what typo tolerance works on. */
export interface TypedWords {
  /** lower-case words a book must match (each, or a word within its typo budget) */
  words: string[]
  /** words a book must not hold (websearch `-word`), matched exactly */
  excluded: string[]
}

/**
 * The words of a keyword query, split as PostgreSQL's text search splits a book's text into the dictionary
 * (letters and digits; hyphens, apostrophes and other marks separate words). Websearch syntax is read the same
 * way as by websearch_to_tsquery as far as it matters here: `-word` excludes, quotes and a bare `or` are left out
 * (a phrase's words are each required, in any order). Words past the tenth are left out, which bounds the cost of
 * a long query: each word is one trigram lookup in the dictionary.
 */
export function typedWords(term: string): TypedWords {
  const words: string[] = []
  const excluded: string[] = []
  for (const token of term.toLowerCase().split(/\s+/)) {
    const parts = token.split(/[^\p{L}\p{N}]+/u).filter(Boolean)
    if (token === 'or' || parts.length === 0) continue
    if (token.startsWith('-')) excluded.push(...parts)
    else words.push(...parts)
  }
  return { words: [...new Set(words)].slice(0, TYPED_WORDS_MAX), excluded: [...new Set(excluded)] }
}
