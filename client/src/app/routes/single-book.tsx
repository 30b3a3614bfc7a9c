import { useParams } from 'react-router-dom'
import { SingleBookPage } from '@/features/catalogue/components/single-book-page'

/** /single-book/{id}: the single promo page. */
export function Component() {
  const { id = '' } = useParams()
  return <SingleBookPage key={id} podcastId={id} />
}
