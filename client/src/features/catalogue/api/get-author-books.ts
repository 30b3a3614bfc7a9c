import { useQuery } from '@tanstack/react-query'
import { AuthorBooks } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'
import { booksQueryOptions } from './books-query'

/**
 * GET /author/books?name= (&userId= the caller, when signed in): an author as books name them, with their
 * approved books and the accounts that list them.
 */
export const getAuthorBooks = (name: string, userId: string | null) =>
  apiRequest('/author/books', {
    query: { name, userId: userId ?? undefined },
    schema: AuthorBooks,
  }).then((r) => r.data)

export const authorBooksQueryOptions = (name: string, userId: string | null) =>
  booksQueryOptions('by-author', name, userId, getAuthorBooks)

export const useAuthorBooks = (name: string, userId: string | null) =>
  useQuery({ ...authorBooksQueryOptions(name, userId), enabled: name.trim() !== '' })
