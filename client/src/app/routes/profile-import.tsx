import { ImportPage } from '@/features/library/components/import-page'
import { useStoredSession } from '@/lib/storage'

/** /profile-import: bring a Goodreads or StoryGraph library in. */
export function Component() {
  const { userId } = useStoredSession()
  if (!userId) return null
  return <ImportPage userId={userId} />
}
