import { useQuery } from '@tanstack/react-query'
import { Podcast } from '@bookstrut/schemas'
import { Type } from '@sinclair/typebox'
import { apiRequest } from '@/lib/api-client'
import { booksQueryOptions } from './books-query'

const BookList = Type.Array(Podcast)

/** GET /user/podcasts?createBy=&status=1 (&userId= the caller, when signed in): an author account's public books. */
export const getAccountBooks = (authorId: string, userId: string | null) =>
  apiRequest('/user/podcasts', {
    query: { userId: userId ?? undefined, createBy: authorId, status: 1 },
    schema: BookList,
  }).then((r) => r.data)

export const accountBooksQueryOptions = (authorId: string, userId: string | null) =>
  booksQueryOptions('author', authorId, userId, getAccountBooks)

export const useAccountBooks = (authorId: string | undefined, userId: string | null) =>
  useQuery({ ...accountBooksQueryOptions(authorId ?? '', userId), enabled: Boolean(authorId) })
