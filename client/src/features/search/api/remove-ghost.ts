import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { Type } from '@sinclair/typebox'
import { apiRequest } from '@/lib/api-client'
import type { RowPage } from '../model/result-row'
import { ghostedTitlesQueryKey } from './get-ghosted-titles'
import { withoutRow } from './search-pages'

/** DELETE /remove/ghostmode?userId&podcastId : shows a ghosted title again. */
export const removeGhost = ({ userId, podcastId }: { userId: string; podcastId: string }) =>
  apiRequest('/remove/ghostmode', { method: 'DELETE', query: { userId, podcastId }, schema: Type.Null() })

/** On success the item leaves the ghost list; cached searches are asked again (the title may be back). */
export function useRemoveGhost(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (podcastId: string) => removeGhost({ userId, podcastId }),
    onSuccess: (_result, podcastId) => {
      queryClient.setQueryData<InfiniteData<RowPage, number>>(ghostedTitlesQueryKey(userId), (data) =>
        withoutRow(data, podcastId),
      )
      return queryClient
        .invalidateQueries({ queryKey: ['search', 'ideas'] })
        .then(() => queryClient.invalidateQueries({ queryKey: ['search', 'surface'] }))
    },
  })
}
