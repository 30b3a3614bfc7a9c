import { useMemo } from 'react'
import { useStoredSession } from '@/lib/storage'
import { useMembershipsByUser } from '../api/get-memberships-by-user'
import { creatorViewer, type Viewer } from '../model/plan-choice'

/** Who looks at the plans: anonymous, a reader (or admin: no Upgrade button), or a creator with their plan state. */
export function useViewer(): { viewer: Viewer | undefined; userId: string | null; error: unknown } {
  const session = useStoredSession()
  const creator = session.isLoggedIn && (session.role === 'author' || session.role === 'publisher')
  const memberships = useMembershipsByUser(creator ? session.userId : null)
  const viewer = useMemo((): Viewer | undefined => {
    if (!session.isLoggedIn || !session.userId) return { kind: 'anonymous' }
    if (!creator) return { kind: 'reader' }
    return memberships.data ? creatorViewer(memberships.data, new Date()) : undefined
  }, [session.isLoggedIn, session.userId, creator, memberships.data])
  return { viewer, userId: session.userId, error: memberships.error }
}
