import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query'
import { Podcast } from '@bookstrut/schemas'
import { apiPageRequest, type PageResult } from '@/lib/api-client'
import { mergeById } from '@/lib/merge-by-id'
import { FAVORITES_QUERY_KEY } from '@/lib/reactions'

/** Spec: favourites page size 10. */
export const FAVORITES_PAGE_SIZE = 10

type FavoritesPage = PageResult<Podcast>

/** GET /get/user/favorite?userId&page&limit=10 : the reader's favourite books, latest first. */
export const getFavoritesPage = (userId: string, page: number, signal?: AbortSignal) =>
  apiPageRequest('/get/user/favorite', {
    query: { userId, page, limit: FAVORITES_PAGE_SIZE },
    schema: Podcast,
    signal,
  })

/** Under the key lib/reactions makes stale whenever a favourite is added or removed anywhere. */
export const favoritesQueryKey = (userId: string) => [...FAVORITES_QUERY_KEY, userId] as const

/** Page 1 replaces the list, later pages append (merged without duplicates by _id). */
export const favoritesQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: favoritesQueryKey(userId),
    queryFn: ({ pageParam, signal }) => getFavoritesPage(userId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: FavoritesPage) =>
      last.currentPage < last.totalPages ? last.currentPage + 1 : undefined,
    select: (data: InfiniteData<FavoritesPage, number>) => ({
      rows: mergeById(data.pages.map((p) => p.data)),
      total: data.pages[0]?.total ?? 0,
    }),
  })

export const useFavorites = (userId: string) => useInfiniteQuery(favoritesQueryOptions(userId))
