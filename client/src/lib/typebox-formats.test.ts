import { Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { describe, expect, it } from 'vitest'
import { registerFormats } from './typebox-formats'

describe('string formats in answer checks', () => {
  it('accepts RFC 3339 date-times as JSON sends them and refuses anything else', () => {
    registerFormats()
    const At = Type.String({ format: 'date-time' })
    expect(Value.Check(At, new Date('2026-11-24T22:31:05.123Z').toISOString())).toBe(true)
    expect(Value.Check(At, '2026-11-24T22:31:05+01:00')).toBe(true)
    expect(Value.Check(At, '2026-11-24')).toBe(false)
    expect(Value.Check(At, '2026-13-45T99:00:00Z')).toBe(false)
    expect(Value.Check(At, 'yesterday')).toBe(false)
  })
})
