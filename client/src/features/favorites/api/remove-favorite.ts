import { useMutation, useQueryClient } from '@tanstack/react-query'
import { sendReaction, setCachedReaction } from '@/lib/reactions'
import { favoritesQueryKey } from './get-favorites'

export interface RemoveFavoriteInput {
  podcastId: string
  episodeId?: string | undefined
}

/**
 * DELETE /remove/favorite from the Favorite page. Not optimistic: the spec reloads the list once the server
 * agreed; then every other cached view of the title loses its favourite flag too.
 */
export function useRemoveFavorite(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ podcastId, episodeId }: RemoveFavoriteInput) =>
      sendReaction('favorite', false, { userId, podcastId, episodeId }),
    onSuccess: (_result, { podcastId }) => {
      setCachedReaction(queryClient, podcastId, 'favorite', false)
      return queryClient.invalidateQueries({ queryKey: favoritesQueryKey(userId) })
    },
  })
}
