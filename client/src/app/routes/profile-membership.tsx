import { useSettings } from '@/features/content/api/get-settings'
import { MyMembershipPage } from '@/features/memberships/components/my-membership-page'
import { useOwnUser } from '@/features/profile/api/get-user'
import { useStoredSession } from '@/lib/storage'

/** /profile-membership: My Membership (authors and publishers). */
export function Component() {
  const { userId } = useStoredSession()
  const user = useOwnUser(userId)
  const settings = useSettings()
  if (!userId) return null
  return (
    <MyMembershipPage
      userId={userId}
      email={user.data?.email ?? ''}
      supportEmail={settings?.authEmailCredentials.email}
    />
  )
}
