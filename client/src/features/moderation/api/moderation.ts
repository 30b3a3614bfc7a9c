import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Podcast, PublicProfile, SingleUserData } from '@bookstrut/schemas'
import { apiPageRequest, apiRequest } from '@/lib/api-client'

export const MODERATION_PAGE_SIZE = 10

/** GET /admin/podcasts?status=0&page&limit : pending listings, oldest first. */
export const moderationQueueQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['books', 'moderation', { page }],
    queryFn: () =>
      apiPageRequest('/admin/podcasts', {
        query: { status: 0, page, limit: MODERATION_PAGE_SIZE },
        schema: Podcast,
      }),
    placeholderData: keepPreviousData,
  })

export const useModerationQueue = (page: number) => useQuery(moderationQueueQueryOptions(page))

/** The owner of a listing, by id (admins get the whole account; the name is all this page needs). */
export const useOwner = (userId: string) =>
  useQuery({
    queryKey: ['users', userId],
    queryFn: () =>
      apiRequest('/get/single/user', { query: { userId }, schema: SingleUserData }).then((r) => r.data),
    select: (data): PublicProfile => data,
    staleTime: 5 * 60_000,
  })

/** PUT /admin/podcast/status {podcastId, status 1 | 2, statusComment (required for 2)}. */
export function useModerate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ bookId, ...decision }: { bookId: string; status: 1 | 2; statusComment?: string }) =>
      apiRequest('/admin/podcast/status', {
        method: 'PUT',
        body: { podcastId: bookId, ...decision },
        schema: Podcast,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['books'] }),
  })
}
