import { queryOptions, useQuery } from '@tanstack/react-query'
import { Type } from '@sinclair/typebox'
import { SearchHistoryItem } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'

/** GET /get/all/search/history?userId= : the user's saved searches, most recent first. */
export const getSearchHistory = (userId: string) =>
  apiRequest('/get/all/search/history', {
    query: { userId },
    schema: Type.Array(SearchHistoryItem),
  }).then((r) => r.data)

export const searchHistoryQueryKey = (userId: string) => ['search', 'history', userId] as const

export const searchHistoryQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: searchHistoryQueryKey(userId),
    queryFn: () => getSearchHistory(userId),
    // The server adds an entry after each idea search: the page always asks again.
    staleTime: 0,
  })

export const useSearchHistory = (userId: string) => useQuery(searchHistoryQueryOptions(userId))
