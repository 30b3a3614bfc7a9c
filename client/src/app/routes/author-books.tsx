import { useParams } from 'react-router-dom'
import { AuthorBooksPage } from '@/features/catalogue/components/author-books-page'

/** /author/{name}: an author as books name them, with their books. */
export function Component() {
  const name = useParams()['*'] ?? ''
  return <AuthorBooksPage key={name} name={name} />
}
