import { useSyncExternalStore } from 'react'

/**
 * Browser storage keys. The names are part of the spec (reader-and-account section 3) and are kept
 * exactly, because other parts of the product read them.
 */
export const StorageKeys = {
  token: 'token',
  userId: 'userId',
  role: 'role',
  isLogin: 'isLogin',
  isBlocked: 'isBlocked',
  hasSeenWelcome: 'hasSeenWelcome',
  musicDuration: 'musicDuration',
  musicStartTime: 'musicStartTime',
  searchMode: 'searchMode',
  descriptionClickedBooks: 'descriptionClickedBooks',
} as const
export type StorageKey = (typeof StorageKeys)[keyof typeof StorageKeys]

/** Keys removed on sign out (spec reader-and-account section 4, "Sign out"). */
export const signOutKeys: readonly StorageKey[] = [
  StorageKeys.token,
  StorageKeys.userId,
  StorageKeys.role,
  StorageKeys.isLogin,
  StorageKeys.isBlocked,
  StorageKeys.hasSeenWelcome,
  StorageKeys.musicDuration,
]

const listeners = new Set<() => void>()
const emit = () => {
  for (const listener of listeners) listener()
}

export function readItem(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

export function writeItem(key: StorageKey, value: string): void {
  window.localStorage.setItem(key, value)
  emit()
}

export function removeItems(keys: readonly StorageKey[]): void {
  for (const key of keys) window.localStorage.removeItem(key)
  emit()
}

/** Clears every local-storage key (session expiry and 401 answers clear ALL of local storage). */
export function clearAllLocalStorage(): void {
  window.localStorage.clear()
  emit()
}

export type StoredRole = 'reader' | 'author' | 'publisher' | 'admin'

export interface SessionInput {
  token: string
  userId: string
  role: string
  isBlocked: boolean
}

/** Stores what login and sign-up verification answer: token, userId, role, isLogin and the blocked flag. */
export function storeSession({ token, userId, role, isBlocked }: SessionInput): void {
  const ls = window.localStorage
  ls.setItem(StorageKeys.token, token)
  ls.setItem(StorageKeys.userId, userId)
  ls.setItem(StorageKeys.role, role)
  ls.setItem(StorageKeys.isLogin, 'true')
  setBlockedFlag(isBlocked, false)
  emit()
}

/** isBlocked is stored as 'true' when blocked and removed otherwise. */
export function setBlockedFlag(isBlocked: boolean, notify = true): void {
  if (isBlocked) window.localStorage.setItem(StorageKeys.isBlocked, 'true')
  else window.localStorage.removeItem(StorageKeys.isBlocked)
  if (notify) emit()
}

/** Removes the sign-out keys and the session-storage tokens. */
export function clearSessionOnSignOut(): void {
  for (const key of signOutKeys) window.localStorage.removeItem(key)
  try {
    window.sessionStorage.clear()
  } catch {
    // sessionStorage may be unavailable (private mode); nothing to clear then.
  }
  emit()
}

/** A snapshot of the stored login, as the guards and the header read it. */
export interface StoredSession {
  token: string | null
  userId: string | null
  role: StoredRole | null
  /** The spec's login flag: only the string 'true' counts as logged in. */
  isLoggedIn: boolean
  isBlocked: boolean
}

const roles: readonly string[] = ['reader', 'author', 'publisher', 'admin']
const toRole = (value: string | null): StoredRole | null =>
  value !== null && roles.includes(value) ? (value as StoredRole) : null

let cachedKey = ''
let cached: StoredSession = { token: null, userId: null, role: null, isLoggedIn: false, isBlocked: false }

export function getStoredSession(): StoredSession {
  const token = readItem(StorageKeys.token)
  const userId = readItem(StorageKeys.userId)
  const role = readItem(StorageKeys.role)
  const isLogin = readItem(StorageKeys.isLogin)
  const isBlocked = readItem(StorageKeys.isBlocked)
  const key = JSON.stringify([token, userId, role, isLogin, isBlocked])
  if (key !== cachedKey) {
    cachedKey = key
    cached = {
      token,
      userId,
      role: toRole(role),
      isLoggedIn: isLogin === 'true',
      isBlocked: isBlocked === 'true',
    }
  }
  return cached
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  // Another tab signing in or out changes our view too.
  window.addEventListener('storage', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', listener)
  }
}

/** What a server render sees: nobody signed in (pages are rendered for anonymous visitors). */
const anonymousSession: StoredSession = {
  token: null,
  userId: null,
  role: null,
  isLoggedIn: false,
  isBlocked: false,
}
const getAnonymousSession = () => anonymousSession

/**
 * The stored login, re-rendering whenever our code (or another tab) changes it. A server-rendered page is
 * hydrated as the anonymous visitor the server rendered it for, then re-rendered with the stored login.
 */
export function useStoredSession(): StoredSession {
  return useSyncExternalStore(subscribe, getStoredSession, getAnonymousSession)
}
