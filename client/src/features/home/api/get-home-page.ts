import { queryOptions, useQuery } from '@tanstack/react-query'
import { HomePageData } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'

/** Spec: the Top 20 list. */
export const TOP_LIST_SIZE = 20

/**
 * GET /home/page?limit=20 (&userid= the caller when signed in): the featured video and the titles of the
 * TOP 20 BOOK STRUTS section (the newest approved titles until the ranking exists).
 */
export const homePageQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['podcasts', 'home', { userId }],
    queryFn: () =>
      apiRequest('/home/page', {
        query: { page: 1, limit: TOP_LIST_SIZE, userid: userId ?? undefined },
        schema: HomePageData,
      }).then((r) => r.data),
  })

export const useHomePage = (userId: string | null) => useQuery(homePageQueryOptions(userId))
