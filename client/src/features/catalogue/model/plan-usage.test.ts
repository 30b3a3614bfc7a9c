import { describe, expect, it } from 'vitest'
import type { Membership } from '@bookstrut/schemas'
import { listedText, planUsage } from './plan-usage'

const now = new Date('2026-06-01T00:00:00Z')
const pro = (over: Partial<Membership> = {}): Membership => ({
  planId: '0000000000000000000000a4',
  planName: 'Pro Strut',
  description: '',
  price: 15.99,
  bookLimit: 10,
  booksListed: 3,
  purchaseDate: '2026-01-01T00:00:00Z',
  expiryDate: '2027-01-01T00:00:00Z',
  ...over,
})

describe('plan usage on My Listings', () => {
  it('follows the plan in effect', () => {
    expect(listedText(planUsage(pro(), now))).toBe('3 of 10 listed')
    expect(planUsage(pro(), now)?.reached).toBe(false)
    expect(planUsage(pro({ booksListed: 10 }), now)?.reached).toBe(true)
  })
  it('falls back to the free limit once the plan has expired, keeping the books listed', () => {
    const usage = planUsage(pro({ expiryDate: '2026-05-01T00:00:00Z' }), now)
    expect(usage).toEqual({ limit: 1, listed: 3, expired: true, reached: true })
    expect(listedText(usage)).toBe('3 of 1 listed')
  })
  it('shows no counter for unlimited plans or without a membership', () => {
    expect(listedText(planUsage(pro({ bookLimit: -1, expiryDate: '-1' }), now))).toBeNull()
    expect(listedText(planUsage(null, now))).toBeNull()
  })
})
