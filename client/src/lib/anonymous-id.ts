import { readItem, StorageKeys } from './storage'

/** The header the API reads a visitor's anonymous id from (events and search impressions). */
export const ANONYMOUS_ID_HEADER = 'X-Anonymous-Id'

/** The API accepts 16-64 letters, digits and dashes; a UUID fits. */
const WELL_FORMED = /^[A-Za-z0-9-]{16,64}$/

const randomId = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')

/** The browser's anonymous id when it has one (sent with every call made without a token). */
export function storedAnonymousId(): string | null {
  const stored = readItem(StorageKeys.anonymousId)
  return stored && WELL_FORMED.test(stored) ? stored : null
}

/**
 * This browser's anonymous id, made on the first report (lib/tracking.ts): a random UUID kept in localStorage, so a
 * visitor who is not signed in is one listener across visits without us ever keeping an IP address. Merely reading
 * pages makes none (clearing storage on a session's end leaves it cleared). Null when storage is unavailable
 * (private mode): then the visitor's reports are refused rather than counted as a new visitor per page.
 */
export function ensureAnonymousId(): string | null {
  const stored = storedAnonymousId()
  if (stored) return stored
  try {
    const id = randomId()
    // Written without notifying the session subscribers: the id is no part of the login.
    window.localStorage.setItem(StorageKeys.anonymousId, id)
    return id
  } catch {
    return null
  }
}
