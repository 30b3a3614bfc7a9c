import { describe, expect, it } from 'vitest'
import { actsFor, ownerScope } from './access-policy.js'

const reader = { id: 'u1', role: 'reader' as const }
const admin = { id: 'a1', role: 'admin' as const }

describe('access policy', () => {
  it('lets a caller act for their own account, an admin for any, and nobody anonymous', () => {
    expect(actsFor(reader, 'u1')).toBe(true)
    expect(actsFor(reader, 'u2')).toBe(false)
    expect(actsFor(admin, 'u2')).toBe(true)
    expect(actsFor(null, 'u1')).toBe(false)
  })

  it('scopes the items a caller addresses by id to their own, and an admin’s to anybody’s', () => {
    expect(ownerScope(reader)).toBe('u1')
    expect(ownerScope(admin)).toBeNull()
  })
})
