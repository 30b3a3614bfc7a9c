import { useQuery } from '@tanstack/react-query'
import { Podcast } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'
import { booksQueryOptions } from './books-query'

/**
 * GET /get/Single/Podcast?PodcastId=&userid= : one listing. `userid` (the caller's own id) is sent when signed
 * in, so an owner also sees a listing that is pending or rejected.
 */
export const getBook = (bookId: string, userId: string | null) =>
  apiRequest('/get/Single/Podcast', {
    query: { PodcastId: bookId, userid: userId ?? undefined },
    schema: Podcast,
  }).then((r) => r.data)

export const bookQueryOptions = (bookId: string, userId: string | null) =>
  booksQueryOptions('one', bookId, userId, getBook)

export const useBook = (bookId: string | undefined, userId: string | null) =>
  useQuery({ ...bookQueryOptions(bookId ?? '', userId), enabled: Boolean(bookId) })
