import { AnalyticsPanel } from '@/features/analytics/components/analytics-panel'
import { useAuthModals } from '@/features/auth/hooks/use-auth-modals'
import { ListingsPage } from '@/features/catalogue/components/listings-page'
import type { Podcast } from '@bookstrut/schemas'
import { useStoredSession } from '@/lib/storage'

/** Each approved row's panel: the analytics feature's, for the catalogue's listings page. */
export const renderAnalytics = (podcast: Podcast) => (
  <AnalyticsPanel podcastId={podcast._id} title={podcast.title} />
)

/** /profile-listings: My Listings (authors and publishers), each approved title with its analytics panel. */
export function Component() {
  const { userId } = useStoredSession()
  const { openBlocked } = useAuthModals()
  if (!userId) return null
  return <ListingsPage userId={userId} onBlocked={openBlocked} renderAnalytics={renderAnalytics} />
}
