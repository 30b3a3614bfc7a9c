import { describe, expect, it } from 'vitest'
import { ADDRESS_KEY_LENGTH, VISITORS_PER_ADDRESS, visitorId } from './visitor-identity.js'

const SALT = 'a'.repeat(64)

describe('visitorId', () => {
  it('makes at most VISITORS_PER_ADDRESS visitors of one address, whatever agents it sends', () => {
    const ids = new Set(Array.from({ length: 500 }, (_, i) => visitorId(SALT, '203.0.113.7', `agent ${i}`)))
    expect(ids.size).toBe(VISITORS_PER_ADDRESS)
    const addressKeys = new Set([...ids].map((id) => id.slice(0, ADDRESS_KEY_LENGTH)))
    expect(addressKeys.size).toBe(1)
  })

  it('is stable for one address and agent within a salt, and unlinkable across salts and addresses', () => {
    const id = visitorId(SALT, '203.0.113.7', 'Firefox')
    expect(visitorId(SALT, '203.0.113.7', 'Firefox')).toBe(id)
    expect(id).toMatch(new RegExp(`^[0-9a-f]{${ADDRESS_KEY_LENGTH}}-[0-${VISITORS_PER_ADDRESS - 1}]$`))
    expect(visitorId('b'.repeat(64), '203.0.113.7', 'Firefox').slice(0, ADDRESS_KEY_LENGTH)).not.toBe(
      id.slice(0, ADDRESS_KEY_LENGTH),
    )
    expect(visitorId(SALT, '203.0.113.8', 'Firefox').slice(0, ADDRESS_KEY_LENGTH)).not.toBe(
      id.slice(0, ADDRESS_KEY_LENGTH),
    )
    // the address never appears in it
    expect(id).not.toContain('203')
  })
})
