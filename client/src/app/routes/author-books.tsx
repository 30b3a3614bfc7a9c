import { useParams } from 'react-router-dom'
import { authorBooksQueryOptions } from '@/features/catalogue/api/get-author-books'
import { AuthorBooksPage } from '@/features/catalogue/components/author-books-page'
import type { RouteHandle } from '../route-handle'

/** Server render: the books that name this author. */
export const handle: RouteHandle = {
  prefetch: ({ queryClient, params }) =>
    queryClient.fetchQuery(authorBooksQueryOptions(params['*'] ?? '', null)),
}

/** /author/{name}: an author as books name them, with their books. */
export function Component() {
  const name = useParams()['*'] ?? ''
  return <AuthorBooksPage key={name} name={name} />
}
