import { useAuthModals } from '@/features/auth/hooks/use-auth-modals'
import { ListingsPage } from '@/features/catalogue/components/listings-page'
import { useStoredSession } from '@/lib/storage'

/** /profile-listings: My Listings (authors and publishers). */
export function Component() {
  const { userId } = useStoredSession()
  const { openBlocked } = useAuthModals()
  if (!userId) return null
  return <ListingsPage userId={userId} onBlocked={openBlocked} />
}
