import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { Podcast } from '@bookstrut/schemas'
import { apiPageRequest } from '@/lib/api-client'
import type { RowPage } from '../model/result-row'
import { nextPageOf, selectRows } from './search-pages'

/** Spec: ghost list page size 10. */
export const GHOST_PAGE_SIZE = 10

/** GET /ghostmodepodcast?userId&page&limit=10 : the reader's ghosted titles, latest first. */
export async function getGhostedTitlesPage(
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

export const ghostedTitlesQueryKey = (userId: string) => ['ghosts', userId] as const

/** Pages after the first are appended (merged by _id). */
export const ghostedTitlesQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: ghostedTitlesQueryKey(userId),
    queryFn: ({ pageParam, signal }) => getGhostedTitlesPage(userId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    select: selectRows,
  })

export const useGhostedTitles = (userId: string) => useInfiniteQuery(ghostedTitlesQueryOptions(userId))
