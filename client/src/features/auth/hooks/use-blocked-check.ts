import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { readItem, StorageKeys } from '@/lib/storage'
import { meQueryOptions } from '../api/refresh-session'
import { useAuthModals } from './use-auth-modals'

/**
 * The check before a search (spec reader-and-account section 4): a signed-in user is refreshed first
 * (POST /refresh-token/user, which stores the blocked flag); a blocked user gets the blocked notice and the
 * search does not run. Resolves true when the search may go ahead. Visitors go ahead at once; so does a user
 * whose check fails (a rejected session is expired and toasted by the check itself; an unreachable server
 * leaves the search to answer, 403 BLOCKED included).
 */
export function useBlockedCheck(): () => Promise<boolean> {
  const queryClient = useQueryClient()
  const { openBlocked } = useAuthModals()
  return useCallback(async () => {
    if (!readItem(StorageKeys.token)) return true
    try {
      const user = await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 })
      if (!user.isBlocked) return true
      openBlocked(user.notes)
      return false
    } catch {
      return true
    }
  }, [queryClient, openBlocked])
}
