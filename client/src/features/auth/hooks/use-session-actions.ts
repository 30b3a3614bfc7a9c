import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useNavigate } from 'react-router-dom'
import type { SessionData } from '@bookstrut/schemas'
import { clearSessionOnSignOut, readItem, storeSession, StorageKeys } from '@/lib/storage'
import { logout } from '../api/logout'
import { meQueryKey } from '../api/refresh-session'

/** Stores a new session (login or sign-up verification) and loads the account for the header. */
export function startSession(queryClient: QueryClient, data: SessionData): void {
  storeSession({ token: data.token, userId: data._id, role: data.role, isBlocked: data.isBlocked })
  void queryClient.invalidateQueries({ queryKey: meQueryKey })
}

/**
 * Sign out: GET /logout/user?id=<userId>, then remove the stored keys and the session-storage tokens even
 * if the call fails (spec reader-and-account section 4).
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  const userId = readItem(StorageKeys.userId)
  try {
    if (userId) await logout(userId)
  } catch {
    // The local sign-out happens regardless.
  } finally {
    clearSessionOnSignOut()
    queryClient.removeQueries({ queryKey: ['users'] })
  }
}

/** Sign out, then go to /. */
export function useSignOut() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useCallback(async () => {
    await signOut(queryClient)
    await navigate('/')
  }, [queryClient, navigate])
}
