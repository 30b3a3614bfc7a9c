import { useInfiniteQuery } from '@tanstack/react-query'
import { ideaSearchQueryOptions } from '../api/search-ideas'
import { surfaceSearchQueryOptions } from '../api/search-surface'
import type { SearchTerms } from '../model/search-terms'

const browserLanguage = () => (typeof navigator === 'undefined' ? '' : (navigator.language ?? ''))

const noIdeas = ['', '', ''] as const

/**
 * The results of a search, page by page: the idea search for structured terms (sent with the browser language),
 * the keyword search for a sentence. Nothing is asked while `terms` is null. A change of terms starts again
 * at page 1 (the terms are part of the query key).
 */
export function useSearchResults(terms: SearchTerms | null, userId: string | null) {
  const ideas = useInfiniteQuery({
    ...ideaSearchQueryOptions({
      ideas: terms?.mode === 'structured' ? terms.ideas : noIdeas,
      language: browserLanguage(),
      userId,
    }),
    enabled: terms?.mode === 'structured',
  })
  const surface = useInfiniteQuery({
    ...surfaceSearchQueryOptions({ query: terms?.mode === 'surface' ? terms.query : '', userId }),
    enabled: terms?.mode === 'surface',
  })
  return terms?.mode === 'surface' ? surface : ideas
}
