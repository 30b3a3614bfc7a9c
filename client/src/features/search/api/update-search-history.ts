import { useMutation, useQueryClient } from '@tanstack/react-query'
import { SearchHistoryItem } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'
import type { Ideas } from '../model/search-terms'
import { searchHistoryQueryKey } from './get-search-history'

/**
 * PUT /update/search/history?id= {fistKeyWord, secondKeyWord, thirdKeyWord} : replaces a saved search's three
 * terms (the spec spells the first field `fistKeyWord`). The item moves to the top of the list.
 */
export const updateSearchHistory = (id: string, [first, second, third]: Ideas) =>
  apiRequest('/update/search/history', {
    method: 'PUT',
    query: { id },
    body: { fistKeyWord: first, secondKeyWord: second, thirdKeyWord: third },
    schema: SearchHistoryItem,
  })

export function useUpdateSearchHistory(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ideas }: { id: string; ideas: Ideas }) => updateSearchHistory(id, ideas),
    // The answer is the saved item; it moves to the top of the list (most recent first).
    onSuccess: ({ data: saved }) =>
      queryClient.setQueryData<SearchHistoryItem[]>(searchHistoryQueryKey(userId), (items) =>
        items ? [saved, ...items.filter((item) => item._id !== saved._id)] : [saved],
      ),
  })
}
