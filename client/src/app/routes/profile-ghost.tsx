import { GhostedTitlesPage } from '@/features/search/components/ghosted-titles-page'
import { useStoredSession } from '@/lib/storage'

/** /profile-ghost: Ghosted Titles. */
export function Component() {
  const { userId } = useStoredSession()
  if (!userId) return null
  return <GhostedTitlesPage userId={userId} />
}
