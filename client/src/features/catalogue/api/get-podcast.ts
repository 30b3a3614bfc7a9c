import { queryOptions, useQuery } from '@tanstack/react-query'
import { Podcast } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'

/**
 * GET /get/Single/Podcast?PodcastId=&userid= : one listing. `userid` (the caller's own id) is sent when signed
 * in, so an owner also sees a listing that is pending or rejected.
 */
export const getPodcast = (podcastId: string, userId: string | null) =>
  apiRequest('/get/Single/Podcast', {
    query: { PodcastId: podcastId, userid: userId ?? undefined },
    schema: Podcast,
  }).then((r) => r.data)

export const podcastQueryOptions = (podcastId: string, userId: string | null) =>
  queryOptions({
    queryKey: ['podcasts', 'one', podcastId, { userId }],
    queryFn: () => getPodcast(podcastId, userId),
  })

export const usePodcast = (podcastId: string | undefined, userId: string | null) =>
  useQuery({ ...podcastQueryOptions(podcastId ?? '', userId), enabled: Boolean(podcastId) })
