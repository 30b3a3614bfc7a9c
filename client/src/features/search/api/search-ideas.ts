import { fromWireScores, ScoredPodcast } from '@bookstrut/schemas'
import { apiPageRequestWithEnvelope } from '@/lib/api-client'
import type { RowPage } from '../model/result-row'
import type { Ideas } from '../model/search-terms'
import { SEARCH_PAGE_SIZE, searchQueryOptions } from './search-pages'

export interface IdeaSearchInput {
  ideas: Ideas
  /** The browser language (navigator.language): books in it rank first among equals. */
  language: string
  /** Sent only when logged in: the caller's own id (the server excludes their ghosted books). */
  userId: string | null
}

/**
 * GET /search/podcast?firstField&secondField&thirdField&page&limit=10&language&userid : one page of the idea
 * search, ranked by Strut scores. Pages are stable: page 2 continues page 1's ranking.
 */
export async function getIdeaSearchPage(
  { ideas, language, userId }: IdeaSearchInput,
  page: number,
  signal?: AbortSignal,
): Promise<RowPage> {
  const [firstField, secondField, thirdField] = ideas
  const { page: result, envelope } = await apiPageRequestWithEnvelope('/search/podcast', {
    query: {
      firstField,
      secondField,
      thirdField,
      page,
      limit: SEARCH_PAGE_SIZE,
      language: language || undefined,
      userid: userId ?? undefined,
    },
    schema: ScoredPodcast,
    signal,
  })
  // Sent to signed-in readers: what "This is the book I meant" confirms a result from.
  const searchId = typeof envelope.searchId === 'string' ? envelope.searchId : undefined
  return {
    ...result,
    data: result.data.map(({ hellaScore, ideaScore, ...book }) => ({
      ...book,
      strut: fromWireScores({ hellaScore, ideaScore }, ideas),
      ...(searchId ? { searchId } : {}),
    })),
  }
}

export const ideaSearchQueryOptions = (input: IdeaSearchInput) =>
  searchQueryOptions('ideas', input, getIdeaSearchPage)
