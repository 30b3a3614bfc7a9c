import { describe, expect, it } from 'vitest'
import { AppError } from '../errors.js'
import {
  actsFor,
  assertAdmin,
  assertCallerId,
  assertNotBlocked,
  assertSelfOrAdmin,
  ownerScope,
} from './access-policy.js'

const reader = { id: 'u1', role: 'reader' as const }
const admin = { id: 'a1', role: 'admin' as const }

describe('access policy', () => {
  it('lets a caller act for their own account, an admin for any, and nobody anonymous', () => {
    expect(actsFor(reader, 'u1')).toBe(true)
    expect(actsFor(reader, 'u2')).toBe(false)
    expect(actsFor(admin, 'u2')).toBe(true)
    expect(actsFor(null, 'u1')).toBe(false)
  })

  it('answers 403 for another account, a blocked writer and a non-admin', () => {
    expect(() => assertSelfOrAdmin(reader, 'u2')).toThrow(AppError)
    expect(() => assertNotBlocked({ is_blocked: true, block_notes: 'spam' })).toThrow(AppError)
    expect(() => assertNotBlocked({ is_blocked: false, block_notes: '' })).not.toThrow()
    expect(() => assertAdmin(reader)).toThrow('This action needs an admin account.')
    expect(() => assertAdmin(admin)).not.toThrow()
  })

  it('scopes the items a caller addresses by id to their own, and an admin’s to anybody’s', () => {
    expect(ownerScope(reader)).toBe('u1')
    expect(ownerScope(admin)).toBeNull()
  })

  it('checks a sent userid only when one is sent', () => {
    expect(() => assertCallerId(null, undefined)).not.toThrow()
    expect(() => assertCallerId(null, 'u1')).toThrow(AppError)
    expect(() => assertCallerId(reader, 'u1')).not.toThrow()
  })
})
