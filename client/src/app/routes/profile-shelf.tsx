import { Navigate, useParams } from 'react-router-dom'
import { paths } from '@/config/paths'
import { ShelfPage } from '@/features/library/components/shelf-page'
import { SHELF_SLUGS, shelfOfSlug } from '@/lib/shelves'
import { useStoredSession } from '@/lib/storage'

/** /profile-shelves/{want-to-read|reading|read}: one of the reader's shelves (an unknown one: Want to read). */
export function Component() {
  const { userId } = useStoredSession()
  const shelf = shelfOfSlug(useParams().shelf)
  if (!userId) return null
  if (!shelf) return <Navigate to={paths.profileShelf(SHELF_SLUGS.want_to_read)} replace />
  return <ShelfPage key={shelf} userId={userId} shelf={shelf} />
}
