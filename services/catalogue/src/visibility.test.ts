import { describe, expect, it } from 'vitest'
import { canSeeBook, isPublicRow } from './visibility.js'

const reader = { id: 'u1', role: 'reader' as const }
const admin = { id: 'a1', role: 'admin' as const }
const approved = { status: 1 as const, is_active: true, create_by: 'u1', owner_blocked: false }

describe('who may see a book', () => {
  it('shows approved, active books of an account in good standing to anybody', () => {
    expect(isPublicRow(approved)).toBe(true)
    expect(canSeeBook(null, approved)).toBe(true)
    expect(canSeeBook({ id: 'u2', role: 'reader' }, approved)).toBe(true)
  })

  it('hides a pending, rejected or deactivated book from everyone but its owner and admins', () => {
    for (const hidden of [
      { ...approved, status: 0 as const },
      { ...approved, status: 2 as const },
      { ...approved, is_active: false },
    ]) {
      expect(isPublicRow(hidden)).toBe(false)
      expect(canSeeBook(null, hidden)).toBe(false)
      expect(canSeeBook({ id: 'u2', role: 'reader' }, hidden)).toBe(false)
      expect(canSeeBook(reader, hidden)).toBe(true)
      expect(canSeeBook(admin, hidden)).toBe(true)
    }
  })

  it("makes a blocked author's approved book public nowhere, while its owner and admins still see it", () => {
    const blocked = { ...approved, owner_blocked: true }
    expect(isPublicRow(blocked)).toBe(false)
    expect(canSeeBook(null, blocked)).toBe(false)
    expect(canSeeBook({ id: 'u2', role: 'reader' }, blocked)).toBe(false)
    expect(canSeeBook(reader, blocked)).toBe(true)
    expect(canSeeBook(admin, blocked)).toBe(true)
  })
})
