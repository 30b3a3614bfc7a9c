import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { Podcast } from '@bookstrut/schemas'
import { apiPageRequest } from '@/lib/api-client'
import { mergeById } from '@/lib/merge-by-id'

/** Spec: listing page size 10. */
export const LISTINGS_PAGE_SIZE = 10

/** GET /get/all/podcasts?search&createBy=<own id>&page&limit : the owner sees every state of their listings. */
export const getMyListingsPage = (userId: string, search: string, page: number) =>
  apiPageRequest('/get/all/podcasts', {
    query: { search: search || undefined, createBy: userId, page, limit: LISTINGS_PAGE_SIZE },
    schema: Podcast,
  })

export const myListingsQueryOptions = (userId: string, search: string) =>
  infiniteQueryOptions({
    queryKey: ['books', 'mine', userId, { search }],
    queryFn: ({ pageParam }) => getMyListingsPage(userId, search, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.currentPage < last.totalPages ? last.currentPage + 1 : undefined),
    // Page 1 replaces the list; later pages append, merged without duplicates by _id.
    select: (data) => ({
      items: mergeById(data.pages.map((p) => p.data)),
      total: data.pages[0]?.total ?? 0,
    }),
  })

export const useMyListings = (userId: string, search: string) =>
  useInfiniteQuery(myListingsQueryOptions(userId, search))
