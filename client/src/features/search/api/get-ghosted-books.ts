import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { Podcast } from '@bookstrut/schemas'
import { apiPageRequest } from '@/lib/api-client'
import type { RowPage } from '../model/result-row'
import { nextPageOf, selectRows } from './search-pages'

/** Spec: ghost list page size 10. */
export const GHOST_PAGE_SIZE = 10

/** GET /ghostmodepodcast?userId&page&limit=10 : the reader's ghosted books, latest first. */
export async function getGhostedBooksPage(
  userId: string,
  page: number,
  signal?: AbortSignal,
): Promise<RowPage> {
  const result = await apiPageRequest('/ghostmodepodcast', {
    query: { userId, page, limit: GHOST_PAGE_SIZE },
    schema: Podcast,
    signal,
  })
  return { ...result, data: result.data.map((book) => ({ ...book, strut: null })) }
}

export const ghostedBooksQueryKey = (userId: string) => ['ghosts', userId] as const

/** Pages after the first are appended (merged by _id). */
export const ghostedBooksQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: ghostedBooksQueryKey(userId),
    queryFn: ({ pageParam, signal }) => getGhostedBooksPage(userId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    select: selectRows,
  })

export const useGhostedBooks = (userId: string) => useInfiniteQuery(ghostedBooksQueryOptions(userId))
