import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import { readItem, StorageKeys } from '@/lib/storage'
import { meQueryOptions } from '../api/refresh-session'

/**
 * The session check on every route change (spec reader-and-account section 4): when a token is stored,
 * POST /refresh-token/user. Success stores the blocked flag and keeps data.user under ['users', 'me'];
 * a rejection clears all local storage and toasts "Your LogIn Session Expired." (see meQueryOptions).
 */
export function useSessionCheck(): void {
  const location = useLocation()
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!readItem(StorageKeys.token)) return
    queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 }).catch(() => {
      // Handled inside the query function; an unreachable server keeps the session.
    })
  }, [location.key, queryClient])
}
