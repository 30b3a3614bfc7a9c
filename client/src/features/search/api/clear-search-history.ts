import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ClearedSearchHistory, type SearchHistoryItem } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'
import { searchHistoryQueryKey } from './get-search-history'

/** DELETE /delete/many/search/history?userId= : clears all of the user's saved searches. */
export const clearSearchHistory = (userId: string) =>
  apiRequest('/delete/many/search/history', {
    method: 'DELETE',
    query: { userId },
    schema: ClearedSearchHistory,
  })

export function useClearSearchHistory(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => clearSearchHistory(userId),
    onSuccess: () => queryClient.setQueryData<SearchHistoryItem[]>(searchHistoryQueryKey(userId), []),
  })
}
