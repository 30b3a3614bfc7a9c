import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Type } from '@sinclair/typebox'
import type { SearchHistoryItem } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'
import { searchHistoryQueryKey } from './get-search-history'

/** DELETE /delete/search/history?id= : removes one saved search. */
export const deleteSearchHistory = (id: string) =>
  apiRequest('/delete/search/history', { method: 'DELETE', query: { id }, schema: Type.Null() })

/** On success the item leaves the list at once (spec: "removes one item locally on success"). */
export function useDeleteSearchHistory(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => deleteSearchHistory(id),
    onSuccess: (_result, id) =>
      queryClient.setQueryData<SearchHistoryItem[]>(searchHistoryQueryKey(userId), (items) =>
        items?.filter((item) => item._id !== id),
      ),
  })
}
