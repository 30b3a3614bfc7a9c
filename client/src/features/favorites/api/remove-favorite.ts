import { useMutation, useQueryClient } from '@tanstack/react-query'
import { sendReaction, setCachedReaction } from '@/lib/reactions'
import { favoritesQueryKey } from './get-favorites'

export interface RemoveFavoriteInput {
  bookId: string
  episodeId?: string | undefined
}

/**
 * DELETE /remove/favorite from the Favorite page. Not optimistic: the spec reloads the list once the server
 * agreed; then every other cached view of the book loses its favourite flag too.
 */
export function useRemoveFavorite(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ bookId, episodeId }: RemoveFavoriteInput) =>
      sendReaction('favorite', false, { userId, bookId, episodeId }),
    onSuccess: (_result, { bookId }) => {
      setCachedReaction(queryClient, bookId, 'favorite', false)
      return queryClient.invalidateQueries({ queryKey: favoritesQueryKey(userId) })
    },
  })
}
