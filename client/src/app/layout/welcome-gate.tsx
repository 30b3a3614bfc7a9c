import { useState } from 'react'
import { planStanding } from '@bookstrut/schemas'
import { useOpenModalCount } from '@/components/ui/open-modals'
import { useMe } from '@/features/auth/api/refresh-session'
import { useAuthModals } from '@/features/auth/hooks/use-auth-modals'
import { WelcomeModal } from '@/features/memberships/components/welcome-modal'
import { welcomeDue } from '@/features/memberships/model/welcome'
import { readItem, StorageKeys, useStoredSession, writeItem } from '@/lib/storage'

/**
 * The Welcome modal, once, for a logged-in, non-blocked free-plan author or publisher (spec section 4), from the
 * account of the session check. Never over another dialog: it waits while sign-up, OTP, sign-in or any other
 * dialog is open, and comes once they close.
 */
export function WelcomeGate() {
  const session = useStoredSession()
  const { data: me } = useMe()
  const authModals = useAuthModals()
  const otherDialogs = useOpenModalCount()
  const [, setDismissed] = useState(0)
  if (!me || me._id !== session.userId) return null
  const standing = planStanding(me.membership, new Date())
  const due = welcomeDue({
    isLoggedIn: session.isLoggedIn,
    isBlocked: session.isBlocked || me.isBlocked,
    role: me.role,
    planKind: standing.kind,
    userId: session.userId,
    seenBy: readItem(StorageKeys.hasSeenWelcome),
  })
  if (!due || authModals.state.kind !== 'none' || otherDialogs > 0) return null
  return (
    <WelcomeModal
      standing={standing}
      onClose={() => {
        writeItem(StorageKeys.hasSeenWelcome, me._id)
        setDismissed((n) => n + 1)
      }}
    />
  )
}
