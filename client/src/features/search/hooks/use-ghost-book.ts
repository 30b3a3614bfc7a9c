import { useState } from 'react'
import { toast } from 'sonner'
import { getStoredSession } from '@/lib/storage'
import { useCreateGhost } from '../api/create-ghost'
import { GHOST_MESSAGES, ghostFailureMessage, LOGIN_FIRST } from '../model/messages'
import type { ResultRow } from '../model/result-row'

/**
 * Ghosting a result: "Please login first" for visitors; otherwise confirm, then a loading overlay on the row,
 * then a toast. On success the row leaves the list (the cached results lose it).
 */
export function useGhostBook() {
  const ghost = useCreateGhost()
  const [confirming, setConfirming] = useState<ResultRow | null>(null)
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(() => new Set())

  /** The signed-in user's id, or null after warning (the session may have ended since the page was drawn). */
  const signedInUser = (): string | null => {
    const { isLoggedIn, userId } = getStoredSession()
    if (isLoggedIn && userId) return userId
    toast.warning(LOGIN_FIRST)
    return null
  }

  const ask = (row: ResultRow) => {
    if (signedInUser()) setConfirming(row)
  }

  const confirm = () => {
    const row = confirming
    setConfirming(null)
    const userId = signedInUser()
    if (!row || !userId) return
    setBusyIds((ids) => new Set(ids).add(row._id))
    // mutateAsync: each ghost gets its own outcome, even when several run at once.
    void ghost
      .mutateAsync({ userId, bookId: row._id, episodeId: row.episodes[0]?._id })
      .then(
        () => toast.success(GHOST_MESSAGES.success),
        (error: unknown) => toast.error(ghostFailureMessage(error)),
      )
      .finally(() =>
        setBusyIds((ids) => {
          const next = new Set(ids)
          next.delete(row._id)
          return next
        }),
      )
  }

  return { ask, confirming, confirm, cancel: () => setConfirming(null), busyIds }
}
