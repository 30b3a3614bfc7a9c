import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
} from '@tanstack/react-query'
import { ShelfCounts, ShelvedBook, type Shelf } from '@bookstrut/schemas'
import { apiPageRequest, apiRequest, type PageResult } from '@/lib/api-client'
import { LIBRARY_QUERY_KEY } from '@/lib/shelves'

export const SHELF_PAGE_SIZE = 10
type ShelfPage = PageResult<ShelvedBook>

/** GET /library/shelves/{shelf}?userId&page&limit=10 : the reader's books on one shelf, latest shelved first. */
export const getShelfPage = (userId: string, shelf: Shelf, page: number, signal?: AbortSignal) =>
  apiPageRequest(`/library/shelves/${shelf}`, {
    query: { userId, page, limit: SHELF_PAGE_SIZE },
    schema: ShelvedBook,
    signal,
  })

/** Page 1 replaces the list, later pages append (a book moved meanwhile is shown once, where it was first seen). */
export const shelfQueryOptions = (userId: string, shelf: Shelf) =>
  infiniteQueryOptions({
    queryKey: [...LIBRARY_QUERY_KEY, 'shelf', userId, shelf],
    queryFn: ({ pageParam, signal }) => getShelfPage(userId, shelf, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: ShelfPage) =>
      last.currentPage < last.totalPages ? last.currentPage + 1 : undefined,
    select: (data: InfiniteData<ShelfPage, number>) => {
      const seen = new Set<string>()
      const rows = data.pages
        .flatMap((p) => p.data)
        .filter((r) => !seen.has(r.book._id) && seen.add(r.book._id))
      return { rows, total: data.pages[0]?.total ?? 0 }
    },
  })

export const useShelf = (userId: string, shelf: Shelf) => useInfiniteQuery(shelfQueryOptions(userId, shelf))

export const shelfCountsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...LIBRARY_QUERY_KEY, 'counts', userId],
    queryFn: async ({ signal }) =>
      (await apiRequest('/library/shelves', { query: { userId }, schema: ShelfCounts, signal })).data,
  })

export const useShelfCounts = (userId: string) => useQuery(shelfCountsQueryOptions(userId))
