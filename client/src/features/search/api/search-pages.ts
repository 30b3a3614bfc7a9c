import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query'
import { mergeById } from '@/lib/merge-by-id'
import type { RowPage } from '../model/result-row'

/** Spec: results page size 10. */
export const SEARCH_PAGE_SIZE = 10

export const nextPageOf = (last: RowPage): number | undefined =>
  last.currentPage < last.totalPages ? last.currentPage + 1 : undefined

/** Page 1 replaces the list; later pages append, merged without duplicates by _id. */
export const selectRows = (data: InfiniteData<RowPage, number>) => ({
  rows: mergeById(data.pages.map((p) => p.data)),
  total: data.pages[0]?.total ?? 0,
})

/** One search's infinite query: pages from 1, the next while there is one, its rows merged (the two search kinds). */
export const searchQueryOptions = <Input>(
  kind: 'ideas' | 'surface',
  input: Input,
  getPage: (input: Input, page: number, signal?: AbortSignal) => Promise<RowPage>,
) =>
  infiniteQueryOptions({
    queryKey: ['search', kind, input],
    queryFn: ({ pageParam, signal }) => getPage(input, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    select: selectRows,
  })

/** The cached pages without one book (a ghosted book leaves every cached result list at once). */
export function withoutRow(
  data: InfiniteData<RowPage, number> | undefined,
  bookId: string,
): InfiniteData<RowPage, number> | undefined {
  if (!data) return data
  const had = data.pages.some((p) => p.data.some((r) => r._id === bookId))
  if (!had) return data
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      data: p.data.filter((r) => r._id !== bookId),
      total: Math.max(0, p.total - 1),
    })),
  }
}
