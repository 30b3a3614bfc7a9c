import { queryOptions, useQuery } from '@tanstack/react-query'
import { Podcast } from '@bookstrut/schemas'
import { Type } from '@sinclair/typebox'
import { apiRequest } from '@/lib/api-client'

const BookList = Type.Array(Podcast)

/** GET /user/podcasts?createBy=&status=1 (&userId= the caller, when signed in): an author's public titles. */
export const getAuthorTitles = (authorId: string, userId: string | null) =>
  apiRequest('/user/podcasts', {
    query: { userId: userId ?? undefined, createBy: authorId, status: 1 },
    schema: BookList,
  }).then((r) => r.data)

export const authorTitlesQueryOptions = (authorId: string, userId: string | null) =>
  queryOptions({
    queryKey: ['podcasts', 'author', authorId, { userId }],
    queryFn: () => getAuthorTitles(authorId, userId),
  })

export const useAuthorTitles = (authorId: string | undefined, userId: string | null) =>
  useQuery({ ...authorTitlesQueryOptions(authorId ?? '', userId), enabled: Boolean(authorId) })
