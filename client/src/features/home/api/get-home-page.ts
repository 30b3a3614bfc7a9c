import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { HomePageData } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'

/** Spec: the Top 20 list. */
export const TOP_LIST_SIZE = 20

/**
 * GET /home/page?limit= (&userid= the caller when signed in): the featured video and the first `limit` books of
 * the TOP 20 BOOK STRUTS section (the newest approved books until the ranking exists). Each book answered counts
 * as a view (docs/analytics.md, "What a view is"), so ask only for the books shown.
 */
export const homePageQueryOptions = (userId: string | null, limit = TOP_LIST_SIZE) =>
  queryOptions({
    queryKey: ['books', 'home', { userId, limit }],
    queryFn: () =>
      apiRequest('/home/page', {
        query: { page: 1, limit, userid: userId ?? undefined },
        schema: HomePageData,
      }).then((r) => r.data),
  })

/** The first `limit` books; while a longer list loads, the shorter one stays on screen. */
export const useHomePage = (userId: string | null, limit = TOP_LIST_SIZE) =>
  useQuery({ ...homePageQueryOptions(userId, limit), placeholderData: keepPreviousData })
