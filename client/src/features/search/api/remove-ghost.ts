import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { Type } from '@sinclair/typebox'
import { apiRequest } from '@/lib/api-client'
import type { RowPage } from '../model/result-row'
import { ghostedBooksQueryKey } from './get-ghosted-books'
import { withoutRow } from './search-pages'

/** DELETE /remove/ghostmode?userId&podcastId : shows a ghosted book again. */
export const removeGhost = ({ userId, bookId }: { userId: string; bookId: string }) =>
  apiRequest('/remove/ghostmode', {
    method: 'DELETE',
    query: { userId, podcastId: bookId },
    schema: Type.Null(),
  })

/** On success the item leaves the ghost list; cached searches are asked again (the book may be back). */
export function useRemoveGhost(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (bookId: string) => removeGhost({ userId, bookId }),
    onSuccess: (_result, bookId) => {
      queryClient.setQueryData<InfiniteData<RowPage, number>>(ghostedBooksQueryKey(userId), (data) =>
        withoutRow(data, bookId),
      )
      return queryClient
        .invalidateQueries({ queryKey: ['search', 'ideas'] })
        .then(() => queryClient.invalidateQueries({ queryKey: ['search', 'surface'] }))
    },
  })
}
