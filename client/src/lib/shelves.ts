import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Type } from '@sinclair/typebox'
import { ShelfPlace, SHELF_NAMES, type Shelf } from '@bookstrut/schemas'
import { apiRequest } from './api-client'

/*
 * A reader's shelves (issue 49), shared by every view that shows a book (results rows, the book page) and the
 * library pages: which shelf a book is on, and putting it on one. Every key starts with LIBRARY_QUERY_KEY, which a
 * change makes stale everywhere (the shelf pages and their counts included).
 */

export const LIBRARY_QUERY_KEY = ['library'] as const
export { SHELF_NAMES }
export type { Shelf }

/** A shelf in page addresses: /profile-shelves/want-to-read. */
export const SHELF_SLUGS: Record<Shelf, string> = {
  want_to_read: 'want-to-read',
  reading: 'reading',
  read: 'read',
}
export const shelfOfSlug = (slug: string | undefined): Shelf | null =>
  (Object.keys(SHELF_SLUGS) as Shelf[]).find((s) => SHELF_SLUGS[s] === slug) ?? null

export const shelfPlaceQueryOptions = (userId: string, bookId: string) =>
  queryOptions({
    queryKey: [...LIBRARY_QUERY_KEY, 'place', userId, bookId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest('/library/shelf', {
          query: { userId, bookId },
          schema: Type.Union([ShelfPlace, Type.Null()]),
          signal,
        })
      ).data,
  })

/** Where a book sits in the reader's library (null: on no shelf); nothing is asked without a reader. */
export const useShelfPlace = (userId: string | null, bookId: string) =>
  useQuery({ ...shelfPlaceQueryOptions(userId ?? '', bookId), enabled: Boolean(userId) })

export interface ShelveInput {
  bookId: string
  /** null: off every shelf */
  shelf: Shelf | null
  startedOn?: string | null
  finishedOn?: string | null
}

/** PUT /library/shelf or DELETE /library/shelf, then every library view is fetched again. */
export function useShelveBook(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ bookId, shelf, startedOn, finishedOn }: ShelveInput) => {
      if (shelf === null) {
        await apiRequest('/library/shelf', {
          method: 'DELETE',
          query: { userId, bookId },
          schema: Type.Null(),
        })
        return null
      }
      const body = {
        userId,
        bookId,
        shelf,
        ...(startedOn !== undefined && shelf !== 'want_to_read' ? { startedOn } : {}),
        ...(finishedOn !== undefined && shelf === 'read' ? { finishedOn } : {}),
      }
      return (await apiRequest('/library/shelf', { method: 'PUT', body, schema: ShelfPlace })).data
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LIBRARY_QUERY_KEY }),
  })
}
