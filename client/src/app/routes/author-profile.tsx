import { useParams } from 'react-router-dom'
import { AuthorProfilePage } from '@/features/catalogue/components/author-profile-page'

/** /author-profile/{id}: the public author profile. */
export function Component() {
  const { id = '' } = useParams()
  return <AuthorProfilePage key={id} authorId={id} />
}
