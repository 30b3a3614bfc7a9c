import { FavoritesPage } from '@/features/favorites/components/favorites-page'
import { useStoredSession } from '@/lib/storage'

/** /profile-fevorite (the spec's spelling): Favorite. */
export function Component() {
  const { userId } = useStoredSession()
  if (!userId) return null
  return <FavoritesPage userId={userId} />
}
