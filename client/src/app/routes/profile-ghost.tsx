import { GhostedBooksPage } from '@/features/search/components/ghosted-books-page'
import { useStoredSession } from '@/lib/storage'

/** /profile-ghost: Ghosted Titles. */
export function Component() {
  const { userId } = useStoredSession()
  if (!userId) return null
  return <GhostedBooksPage userId={userId} />
}
