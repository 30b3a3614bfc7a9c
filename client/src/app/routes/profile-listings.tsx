import { lazy, Suspense } from 'react'
import type { Book } from '@/api/book'
import { Spinner } from '@/components/ui/spinner'
import { useAuthModals } from '@/features/auth/hooks/use-auth-modals'
import { ListingsPage } from '@/features/catalogue/components/listings-page'
import { useStoredSession } from '@/lib/storage'

// The panel and its charts (recharts) load when a panel is first opened, not with the listings.
const AnalyticsPanel = lazy(() =>
  import('@/features/analytics/components/analytics-panel').then((m) => ({ default: m.AnalyticsPanel })),
)

/** Each approved row's panel: the analytics feature's, for the catalogue's listings page. */
export const renderAnalytics = (book: Book) => (
  <Suspense fallback={<Spinner label="Loading analytics" />}>
    <AnalyticsPanel bookId={book._id} title={book.title} />
  </Suspense>
)

/** /profile-listings: My Listings (authors and publishers), each approved book with its analytics panel. */
export function Component() {
  const { userId } = useStoredSession()
  const { openBlocked } = useAuthModals()
  if (!userId) return null
  return <ListingsPage userId={userId} onBlocked={openBlocked} renderAnalytics={renderAnalytics} />
}
