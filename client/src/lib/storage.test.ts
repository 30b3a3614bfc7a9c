import { describe, expect, it } from 'vitest'
import { clearSessionOnSignOut, getStoredSession, setBlockedFlag, storeSession } from './storage'

describe('session storage', () => {
  it('stores token, userId, role, isLogin and the blocked flag under the spec keys', () => {
    storeSession({ token: 't', userId: 'u', role: 'author', isBlocked: true })
    expect({ ...localStorage }).toEqual({
      token: 't',
      userId: 'u',
      role: 'author',
      isLogin: 'true',
      isBlocked: 'true',
    })
    expect(getStoredSession()).toEqual({
      token: 't',
      userId: 'u',
      role: 'author',
      isLoggedIn: true,
      isBlocked: true,
    })
  })

  it('removes isBlocked instead of storing false', () => {
    localStorage.setItem('isBlocked', 'true')
    storeSession({ token: 't', userId: 'u', role: 'reader', isBlocked: false })
    expect(localStorage.getItem('isBlocked')).toBeNull()
    setBlockedFlag(true)
    expect(localStorage.getItem('isBlocked')).toBe('true')
    setBlockedFlag(false)
    expect(localStorage.getItem('isBlocked')).toBeNull()
  })

  it('only the string "true" counts as logged in', () => {
    localStorage.setItem('isLogin', 'yes')
    expect(getStoredSession().isLoggedIn).toBe(false)
    localStorage.setItem('isLogin', 'true')
    expect(getStoredSession().isLoggedIn).toBe(true)
  })

  it('sign out removes the session keys and session-storage tokens but keeps other preferences', () => {
    for (const key of [
      'token',
      'userId',
      'role',
      'isLogin',
      'isBlocked',
      'hasSeenWelcome',
      'musicDuration',
      'searchMode',
    ]) {
      localStorage.setItem(key, 'x')
    }
    sessionStorage.setItem('token', 'x')
    clearSessionOnSignOut()
    expect({ ...localStorage }).toEqual({ searchMode: 'x' })
    expect(sessionStorage.length).toBe(0)
  })
})
