import { afterEach, describe, expect, it } from 'vitest'
import {
  countWords,
  ideaWordGuide,
  normalizeTerms,
  readSearchBoxMode,
  rememberSearchBoxMode,
  sameTerms,
  sentenceWordGuide,
  termsFromSearchParams,
  termsFromState,
  termsToSearchParams,
  termsToState,
  validateSearch,
  type SearchTerms,
} from './search-terms'

const ideas = (a: string, b: string, c: string): SearchTerms => ({ mode: 'structured', ideas: [a, b, c] })

const lighthouse = 'A lighthouse keeper guards a secret that could ruin the island'
const letters = 'Letters from a lost brother arrive decades too late'
const storm = 'A storm forces strangers to trust each other overnight'

describe('search validation (spec section 5)', () => {
  it('three empty ideas: "Idea #1 , Idea #2, and Idea #3 are required fields."', () => {
    expect(validateSearch(ideas('', ' ', '\t'))).toEqual({
      message: 'Idea #1 , Idea #2, and Idea #3 are required fields.',
      fields: [0, 1, 2],
    })
  })

  it('some ideas missing: the same message, naming the missing ones', () => {
    expect(validateSearch(ideas(lighthouse, '', '  '))).toEqual({
      message: 'Idea #1 , Idea #2, and Idea #3 are required fields.',
      detail: 'Please fill in: Idea #2, Idea #3.',
      fields: [1, 2],
    })
  })

  it('identical ideas (trimmed, any case) are duplicates, and both are marked', () => {
    expect(validateSearch(ideas(lighthouse, `  ${lighthouse.toUpperCase()} `, storm))).toEqual({
      message: 'It appears you have duplicate or similar queries. Please revise.',
      fields: [0, 1],
    })
  })

  it('more than 70 % shared words longer than 2 characters are similar', () => {
    const problem = validateSearch(
      ideas(lighthouse, letters, 'the lighthouse keeper guards secret island ruin could that'),
    )
    expect(problem?.message).toBe('It appears you have duplicate or similar queries. Please revise.')
    expect(problem?.fields).toEqual([0, 2])
  })

  it('three different ideas pass', () => {
    expect(validateSearch(ideas(lighthouse, letters, storm))).toBeNull()
  })

  it('surface mode needs a query: "Please enter your search query."', () => {
    expect(validateSearch({ mode: 'surface', query: '   ' })).toEqual({
      message: 'Please enter your search query.',
      fields: [0],
    })
    expect(validateSearch({ mode: 'surface', query: 'dragons' })).toBeNull()
  })
})

describe('word counts against the guidance', () => {
  it('counts words separated by any whitespace', () => {
    expect(countWords('')).toBe(0)
    expect(countWords('   ')).toBe(0)
    expect(countWords(' a  lonely\tkeeper\n ')).toBe(3)
  })

  // No length is judged: ideas of 4 to 13 words found readers' books equally often (search-terms.ts).
  it.each([
    ['', 'empty', 'a few words or a sentence'],
    ['   ', 'empty', 'a few words or a sentence'],
    ['arctic', 'count', '1 word'],
    ['a boy finds a dragon', 'count', '5 words'],
    [lighthouse, 'count', '11 words'],
    [`${lighthouse} and sinks`, 'count', '13 words'],
  ])('idea %j: %s, "%s"', (text, tone, label) => {
    expect(ideaWordGuide(text)).toMatchObject({ tone, text: label })
  })

  it.each([
    ['', 'empty', 'up to 24 words'],
    ['a cosy mystery', 'good', '3 of 24 words'],
    [Array.from({ length: 24 }, () => 'word').join(' '), 'good', '24 of 24 words'],
    [Array.from({ length: 25 }, () => 'word').join(' '), 'long', '25 words · keep it to 24 or fewer'],
  ])('sentence %#: %s', (text, tone, label) => {
    expect(sentenceWordGuide(text)).toMatchObject({ tone, text: label })
  })
})

describe('terms in the URL and in navigation state', () => {
  it('round-trips idea terms through the query string, trimmed', () => {
    const params = termsToSearchParams(ideas(`  ${lighthouse} `, letters, 'a   storm & more?'))
    expect(params.toString()).toContain('firstField=A+lighthouse')
    expect(termsFromSearchParams(new URLSearchParams(params.toString()))).toEqual(
      ideas(lighthouse, letters, 'a storm & more?'),
    )
  })

  it('round-trips a sentence through the query string', () => {
    const params = termsToSearchParams({ mode: 'surface', query: ' cosy  mystery ' })
    expect(params.toString()).toBe('query=cosy+mystery')
    expect(termsFromSearchParams(params)).toEqual({ mode: 'surface', query: 'cosy mystery' })
  })

  it('reads a partial idea search (so the page can say what is missing) and nothing from an empty string', () => {
    expect(termsFromSearchParams(new URLSearchParams('firstField=x'))).toEqual(ideas('x', '', ''))
    expect(termsFromSearchParams(new URLSearchParams(''))).toBeNull()
  })

  it('navigation state is the search terms', () => {
    expect(termsToState(ideas('a', 'b', 'c'))).toEqual({
      mode: 'structured',
      ideas: ['a', 'b', 'c'],
    })
    expect(termsFromState({ mode: 'structured', ideas: ['a', 'b', 'c'] })).toEqual(ideas('a', 'b', 'c'))
    expect(termsFromState({ mode: 'surface', query: 'q' })).toEqual({ mode: 'surface', query: 'q' })
    expect(termsFromState(null)).toBeNull()
    expect(termsFromState({ something: 'else' })).toBeNull()
  })
})

describe('unchanged terms ("No changes detected in search terms.")', () => {
  it('ignores surrounding and repeated spaces', () => {
    expect(sameTerms(ideas('a b', 'c', 'd'), ideas(' a  b ', 'c', 'd '))).toBe(true)
    expect(normalizeTerms({ mode: 'surface', query: '  x   y ' })).toEqual({ mode: 'surface', query: 'x y' })
  })

  it('a changed idea, or another mode, is a change', () => {
    expect(sameTerms(ideas('a', 'b', 'c'), ideas('a', 'b', 'd'))).toBe(false)
    expect(sameTerms(ideas('a', 'b', 'c'), { mode: 'surface', query: 'a' })).toBe(false)
    expect(sameTerms({ mode: 'surface', query: 'a' }, { mode: 'surface', query: 'a' })).toBe(true)
  })
})

describe('the remembered mode (searchMode)', () => {
  afterEach(() => localStorage.clear())

  it('is structured unless surface was chosen', () => {
    expect(readSearchBoxMode()).toBe('structured')
    rememberSearchBoxMode('surface')
    expect(localStorage.getItem('searchMode')).toBe('surface')
    expect(readSearchBoxMode()).toBe('surface')
    localStorage.setItem('searchMode', 'nonsense')
    expect(readSearchBoxMode()).toBe('structured')
  })
})
