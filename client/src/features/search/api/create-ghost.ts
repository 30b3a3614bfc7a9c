import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { Type } from '@sinclair/typebox'
import { apiRequest } from '@/lib/api-client'
import type { RowPage } from '../model/result-row'
import { ghostedBooksQueryKey } from './get-ghosted-books'
import { withoutRow } from './search-pages'

export interface GhostInput {
  userId: string
  bookId: string
  /** The first podblurb, when the book has one. */
  episodeId?: string | undefined
}

/** POST /create/ghostmode {userId, podcastId, episodeId} : hides a book from the reader's own results. */
export const createGhost = ({ userId, bookId, episodeId }: GhostInput) =>
  apiRequest('/create/ghostmode', {
    method: 'POST',
    body: { userId, podcastId: bookId, ...(episodeId ? { episodeId } : {}) },
    schema: Type.Null(),
  })

/** On success the book leaves every cached result list and the ghosted-books list is asked again. */
export function useCreateGhost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createGhost,
    onSuccess: (_result, { userId, bookId }) => {
      queryClient.setQueriesData<InfiniteData<RowPage, number>>({ queryKey: ['search', 'ideas'] }, (data) =>
        withoutRow(data, bookId),
      )
      queryClient.setQueriesData<InfiniteData<RowPage, number>>({ queryKey: ['search', 'surface'] }, (data) =>
        withoutRow(data, bookId),
      )
      return queryClient.invalidateQueries({ queryKey: ghostedBooksQueryKey(userId) })
    },
  })
}
