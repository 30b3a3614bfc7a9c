import { readItem, StorageKeys, writeItem } from '@/lib/storage'
import { areSimilarIdeas } from '@bookstrut/schemas'

/**
 * The search box's two modes, as the spec names them and local storage keeps them (searchMode). Structured: three
 * ideas ranked by Strut scores. Surface: one sentence, keyword search. (Not the events' `SearchMode` in schemas,
 * 'idea' | 'keyword' | 'top20': where an impression was shown.)
 */
export type SearchBoxMode = 'structured' | 'surface'
export type Ideas = readonly [string, string, string]
export type SearchTerms = { mode: 'structured'; ideas: Ideas } | { mode: 'surface'; query: string }

/** Messages of spec reader-and-account sections 5 and 8, word for word. */
export const SEARCH_MESSAGES = {
  ideasRequired: 'Idea #1 , Idea #2, and Idea #3 are required fields.',
  duplicate: 'It appears you have duplicate or similar queries. Please revise.',
  queryRequired: 'Please enter your search query.',
  unchanged: 'No changes detected in search terms.',
  failed: 'Search failed. Please try again.',
  noResults: 'No results found',
} as const

export const IDEA_LABELS = ['Idea #1', 'Idea #2', 'Idea #3'] as const

/**
 * Guidance only, never enforced. An idea has no length to aim for: on readers' real requests (`npm run bench:quality
 * -- --by-idea-form`, docs/idea-search-advice.md) ideas of 4 to 13 words found the book about equally often, noun
 * phrases as well as sentences, while three ideas together found it nearly twice as often as one alone. So an idea's
 * count is shown as information, and the advice is about three different ideas. Single-sentence mode: up to 24.
 */
export const SENTENCE_MAX_WORDS = 24

/** Why a search cannot run: the message, an optional detail, and which inputs to mark (0-2; 0 in surface mode). */
export interface SearchProblem {
  message: string
  detail?: string
  fields: readonly number[]
}

/** Client-side checks before a search is sent (the server checks the same and answers 400 / 422). */
export function validateSearch(terms: SearchTerms): SearchProblem | null {
  if (terms.mode === 'surface')
    return terms.query.trim() === '' ? { message: SEARCH_MESSAGES.queryRequired, fields: [0] } : null
  const missing = [0, 1, 2].filter((i) => (terms.ideas[i] ?? '').trim() === '')
  if (missing.length === 3) return { message: SEARCH_MESSAGES.ideasRequired, fields: missing }
  if (missing.length > 0)
    return {
      message: SEARCH_MESSAGES.ideasRequired,
      detail: `Please fill in: ${missing.map((i) => IDEA_LABELS[i]).join(', ')}.`,
      fields: missing,
    }
  const similar = new Set<number>()
  for (let i = 0; i < 3; i++)
    for (let j = i + 1; j < 3; j++)
      if (areSimilarIdeas(terms.ideas[i] ?? '', terms.ideas[j] ?? '')) similar.add(i).add(j)
  if (similar.size > 0)
    return { message: SEARCH_MESSAGES.duplicate, fields: [...similar].sort((a, b) => a - b) }
  return null
}

export const countWords = (text: string): number => {
  const trimmed = text.trim()
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length
}

const words = (n: number) => `${n} ${n === 1 ? 'word' : 'words'}`

/** empty: nothing typed yet; count: a count without judgement; good / long: against the sentence's limit */
export type GuideTone = 'empty' | 'count' | 'good' | 'long'
export interface WordGuide {
  words: number
  tone: GuideTone
  text: string
}

/** The live count under an idea: "a few words or a sentence" while empty, then "5 words" (no length is better). */
export function ideaWordGuide(idea: string): WordGuide {
  const n = countWords(idea)
  if (n === 0) return { words: 0, tone: 'empty', text: 'a few words or a sentence' }
  return { words: n, tone: 'count', text: words(n) }
}

/** The live count under the single sentence: up to 24 words. */
export function sentenceWordGuide(sentence: string): WordGuide {
  const n = countWords(sentence)
  if (n === 0) return { words: 0, tone: 'empty', text: `up to ${SENTENCE_MAX_WORDS} words` }
  if (n > SENTENCE_MAX_WORDS)
    return { words: n, tone: 'long', text: `${words(n)} · keep it to ${SENTENCE_MAX_WORDS} or fewer` }
  return { words: n, tone: 'good', text: `${n} of ${SENTENCE_MAX_WORDS} words` }
}

const tidy = (text: string) => text.trim().replace(/\s+/g, ' ')

/** Trimmed terms, inner runs of spaces made one: what is sent and compared. */
export function normalizeTerms(terms: SearchTerms): SearchTerms {
  if (terms.mode === 'surface') return { mode: 'surface', query: tidy(terms.query) }
  const [a, b, c] = terms.ideas
  return { mode: 'structured', ideas: [tidy(a), tidy(b), tidy(c)] }
}

/** Whether two searches ask the same thing ("No changes detected in search terms."). */
export function sameTerms(a: SearchTerms, b: SearchTerms): boolean {
  const x = normalizeTerms(a)
  const y = normalizeTerms(b)
  if (x.mode === 'surface') return y.mode === 'surface' && x.query === y.query
  if (y.mode === 'surface') return false
  return x.ideas.every((idea, i) => idea === y.ideas[i])
}

/** What /search-book receives as navigation state: the search terms themselves (the reader's ideas, or the query). */
export function termsToState(terms: SearchTerms): SearchTerms {
  return terms.mode === 'surface'
    ? { mode: 'surface', query: terms.query }
    : { mode: 'structured', ideas: terms.ideas }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null
const text = (v: unknown) => (typeof v === 'string' ? v : '')

/** The terms from navigation state, or null when the state holds none. */
export function termsFromState(state: unknown): SearchTerms | null {
  if (!isRecord(state)) return null
  if (state.mode === 'surface' && typeof state.query === 'string')
    return { mode: 'surface', query: state.query }
  if (state.mode === 'structured' && Array.isArray(state.ideas))
    return { mode: 'structured', ideas: [text(state.ideas[0]), text(state.ideas[1]), text(state.ideas[2])] }
  return null
}

/**
 * The query string of /search-book, so a results page can be reloaded and shared. Its idea parameters keep the
 * search call's names (firstField, secondField, thirdField): links already shared must keep working.
 */
export function termsToSearchParams(terms: SearchTerms): URLSearchParams {
  const t = normalizeTerms(terms)
  if (t.mode === 'surface') return new URLSearchParams({ query: t.query })
  const [first, second, third] = t.ideas
  return new URLSearchParams({ firstField: first, secondField: second, thirdField: third })
}

/** The terms in /search-book's query string, or null when there are none. */
export function termsFromSearchParams(params: URLSearchParams): SearchTerms | null {
  const ideas = [params.get('firstField'), params.get('secondField'), params.get('thirdField')]
  if (ideas.some((v) => v !== null))
    return { mode: 'structured', ideas: [ideas[0] ?? '', ideas[1] ?? '', ideas[2] ?? ''] }
  const query = params.get('query')
  return query === null ? null : { mode: 'surface', query }
}

/** The remembered search mode (local storage key searchMode); structured unless surface was chosen. */
export const readSearchBoxMode = (): SearchBoxMode =>
  readItem(StorageKeys.searchMode) === 'surface' ? 'surface' : 'structured'

export const rememberSearchBoxMode = (mode: SearchBoxMode): void => writeItem(StorageKeys.searchMode, mode)
