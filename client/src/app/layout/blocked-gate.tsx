import { useEffect } from 'react'
import { useMe } from '@/features/auth/api/refresh-session'
import { useAuthModals } from '@/features/auth/hooks/use-auth-modals'
import { useStoredSession } from '@/lib/storage'

/** Which block (account and note) this tab has already shown: once per tab, again for a new note. */
const SHOWN_KEY = 'blockedNoticeShown'

/**
 * The blocked dialog for a signed-in user an admin blocked meanwhile: the session check on the next page reports
 * the block (spec reader-and-account section 4), and the dialog shows the admin's note once in this tab.
 */
export function BlockedGate() {
  const session = useStoredSession()
  const { data: me } = useMe()
  const { openBlocked } = useAuthModals()
  useEffect(() => {
    if (!me || me._id !== session.userId || !me.isBlocked) return
    const shown = `${me._id}:${me.notes}`
    if (sessionStorage.getItem(SHOWN_KEY) === shown) return
    sessionStorage.setItem(SHOWN_KEY, shown)
    openBlocked(me.notes)
  }, [me, session.userId, openBlocked])
  return null
}
