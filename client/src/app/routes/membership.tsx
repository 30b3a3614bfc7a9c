import { toast } from 'sonner'
import { useAuthModals } from '@/features/auth/hooks/use-auth-modals'
import { useSettings } from '@/features/content/api/get-settings'
import { plansQueryOptions } from '@/features/memberships/api/get-plans'
import { MembershipPage } from '@/features/memberships/components/membership-page'
import type { RouteHandle } from '../route-handle'

/** Server render: the plans on sale. */
export const handle: RouteHandle = {
  prefetch: ({ queryClient }) => queryClient.fetchQuery(plansQueryOptions()),
}
import { useOwnUser } from '@/features/profile/api/get-user'
import { useStoredSession } from '@/lib/storage'

/** /membership: plans for everybody; paying for authors and publishers (spec section 4 "Upgrade flow"). */
export function Component() {
  const { userId, isLoggedIn } = useStoredSession()
  const { openSignUp } = useAuthModals()
  const user = useOwnUser(isLoggedIn ? userId : null)
  const settings = useSettings()
  return (
    <MembershipPage
      email={user.data?.email ?? ''}
      supportEmail={settings?.authEmailCredentials.email}
      onLoginFirst={() => {
        toast.warning('Please login first')
        openSignUp()
      }}
    />
  )
}
