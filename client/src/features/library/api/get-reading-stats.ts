import { queryOptions, useQuery } from '@tanstack/react-query'
import { ReadingStats } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'
import { LIBRARY_QUERY_KEY } from '@/lib/shelves'

/** GET /library/stats?userId : the reader's reading stats (under the library's key: shelving refreshes them). */
export const readingStatsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...LIBRARY_QUERY_KEY, 'stats', userId],
    queryFn: async ({ signal }) =>
      (await apiRequest('/library/stats', { query: { userId }, schema: ReadingStats, signal })).data,
  })

export const useReadingStats = (userId: string) => useQuery(readingStatsQueryOptions(userId))
