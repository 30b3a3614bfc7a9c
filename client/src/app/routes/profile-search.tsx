import { useBlockedCheck } from '@/features/auth/hooks/use-blocked-check'
import { SavedSearchPage } from '@/features/search/components/saved-search-page'
import { useStoredSession } from '@/lib/storage'

/** /profile-search: Saved Search (search history). */
export function Component() {
  const { userId } = useStoredSession()
  const beforeSearch = useBlockedCheck()
  if (!userId) return null
  return <SavedSearchPage userId={userId} beforeSearch={beforeSearch} />
}
