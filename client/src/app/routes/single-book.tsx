import { useParams } from 'react-router-dom'
import { bookQueryOptions } from '@/features/catalogue/api/get-book'
import { SingleBookPage } from '@/features/catalogue/components/single-book-page'
import type { RouteHandle } from '../route-handle'

/** Server render: the book as an anonymous visitor sees it (a book that is not public is a 404). */
export const handle: RouteHandle = {
  prefetch: ({ queryClient, params }) => queryClient.fetchQuery(bookQueryOptions(params.id ?? '', null)),
}

/** /single-book/{id}: the single promo page. */
export function Component() {
  const { id = '' } = useParams()
  return <SingleBookPage key={id} bookId={id} />
}
