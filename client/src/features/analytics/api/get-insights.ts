import { queryOptions, useQuery } from '@tanstack/react-query'
import { Insights } from '@bookstrut/schemas'
import { LIVE_REFRESH_MS } from '../model/live'
import { analyticsRequest } from './analytics-request'

/** GET /lnsights?podcastid= (the spec's spelling): a book's all-time figures, for its owner or an admin. */
export const getInsights = async (bookId: string, signal?: AbortSignal) =>
  (await analyticsRequest('/lnsights', { podcastid: bookId }, Insights, signal)).data

/** Cached per book (spec); polled while a panel shows it, paused while the tab is hidden. */
export const insightsQueryOptions = (bookId: string) =>
  queryOptions({
    queryKey: ['analytics', 'insights', bookId],
    queryFn: ({ signal }) => getInsights(bookId, signal),
    refetchInterval: LIVE_REFRESH_MS,
    refetchIntervalInBackground: false,
  })

export const useInsights = (bookId: string) => useQuery(insightsQueryOptions(bookId))
