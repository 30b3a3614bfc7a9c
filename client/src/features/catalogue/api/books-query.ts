import { queryOptions } from '@tanstack/react-query'

/**
 * A read about books for the caller (one book, an account's, an author's), cached under
 * ['books', kind, key, { userId }]: saving a listing refreshes every ['books'] query at once.
 */
export const booksQueryOptions = <T>(
  kind: 'one' | 'author' | 'by-author',
  key: string,
  userId: string | null,
  read: (key: string, userId: string | null) => Promise<T>,
) => queryOptions({ queryKey: ['books', kind, key, { userId }], queryFn: () => read(key, userId) })
