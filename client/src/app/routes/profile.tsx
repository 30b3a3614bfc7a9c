import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { ReadingStats } from '@/features/library/components/reading-stats'
import { ProfileForm } from '@/features/profile/components/profile-form'
import { useOwnUser } from '@/features/profile/api/get-user'
import { errorMessage } from '@/lib/api-client'
import { useStoredSession } from '@/lib/storage'
import { useDocumentTitle } from '@/lib/use-document-title'
import styles from './profile.module.css'
import { profileCard } from '@/components/ui/profile-card'

/** /profile: My Dashboard, the reader's reading stats and the profile form of the signed-in account. */
export function Component() {
  useDocumentTitle('My Dashboard')
  const { userId } = useStoredSession()
  const user = useOwnUser(userId)

  if (!userId) {
    return (
      <div className={profileCard.message} role="alert">
        <h1 className="h3">Please sign in again</h1>
        <p className="muted">Your session is missing its account id.</p>
      </div>
    )
  }
  if (user.isPending) {
    return (
      <div className={`${profileCard.card} ${styles['profile-card--loading']}`} aria-busy="true">
        <Spinner size="lg" label="Loading your profile" />
      </div>
    )
  }
  if (user.isError) {
    return (
      <div className={profileCard.message} role="alert">
        <h1 className="h3">We couldn&apos;t load your profile</h1>
        <p className="muted">{errorMessage(user.error)}</p>
        <Button variant="secondary" onClick={() => void user.refetch()} loading={user.isFetching}>
          Try again
        </Button>
      </div>
    )
  }
  return (
    <>
      <ReadingStats userId={userId} />
      <ProfileForm key={user.data._id} user={user.data} />
    </>
  )
}
