import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { RefreshData, type User } from '@bookstrut/schemas'
import { apiRequest, isApiError } from '@/lib/api-client'
import { clearAllLocalStorage, readItem, setBlockedFlag, StorageKeys, useStoredSession } from '@/lib/storage'

/** The signed-in account lives in the query cache under this key (header, profile). */
export const meQueryKey = ['users', 'me'] as const

export const SESSION_EXPIRED_MESSAGE = 'Your LogIn Session Expired.'

/**
 * Whether a failed session check means the session is really gone. An unreachable server (network
 * error, 5xx, an answer we cannot read) is not a rejection, so a server restart signs nobody out.
 */
export const isSessionRejection = (error: unknown): boolean =>
  isApiError(error) && error.status >= 400 && error.status < 500

/** Session check failed: clear ALL local storage, forget the account, say so (once). */
export function expireSession(queryClient: QueryClient): void {
  clearAllLocalStorage()
  toast.error(SESSION_EXPIRED_MESSAGE, { id: 'session-expired' })
  // Deferred: this may run inside the ['users', 'me'] fetch itself.
  setTimeout(() => queryClient.removeQueries({ queryKey: ['users'] }), 0)
}

/**
 * POST /refresh-token/user {token}: the session check. Stores isBlocked ('true' or removed) and returns
 * the answer. Its failure is not left to the global 401 rule: it must toast the expiry message.
 */
export async function refreshSession(token: string) {
  const { data } = await apiRequest('/refresh-token/user', {
    method: 'POST',
    body: { token },
    schema: RefreshData,
    handleUnauthorized: false,
  })
  // Ignore a late answer for a session that was signed out or replaced meanwhile.
  if (readItem(StorageKeys.token) === token) setBlockedFlag(data.isBlocked)
  return data
}

/** The signed-in account (data.user of the session check); a rejected check expires the session. */
export const meQueryOptions = () =>
  queryOptions<User>({
    queryKey: meQueryKey,
    queryFn: async ({ client }) => {
      const token = readItem(StorageKeys.token)
      if (!token) throw new Error('Not signed in')
      try {
        return (await refreshSession(token)).user
      } catch (error) {
        if (readItem(StorageKeys.token) === token && isSessionRejection(error)) expireSession(client)
        throw error
      }
    },
    staleTime: Infinity,
    retry: false,
  })

/** The signed-in account for display (undefined while logged out or not yet loaded). */
export function useMe() {
  const { isLoggedIn, token } = useStoredSession()
  return useQuery({ ...meQueryOptions(), enabled: isLoggedIn && token !== null })
}
