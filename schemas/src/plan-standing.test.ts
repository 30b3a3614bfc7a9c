import { describe, expect, it } from 'vitest'
import { periodChargeCents, planStanding, type HeldPlan } from './plan-standing.js'

const now = new Date('2026-06-01T00:00:00Z')
const held = (over: Partial<HeldPlan> = {}): HeldPlan => ({
  planName: 'Pro Strut',
  price: 15.99,
  planPrice: 15.99,
  bookLimit: 10,
  booksListed: 3,
  expiryDate: '2027-01-01T00:00:00Z',
  ...over,
})

describe('plan standing', () => {
  it('a paid plan follows its own limit', () => {
    expect(planStanding(held(), now)).toMatchObject({
      kind: 'paid',
      limit: 10,
      listed: 3,
      limitReached: false,
    })
    expect(planStanding(held({ booksListed: 10 }), now).limitReached).toBe(true)
  })

  it('the free plan is the plan whose list price is 0, at its limit of 1', () => {
    const starter = held({ planName: 'Starter Strut', price: 0, planPrice: 0, bookLimit: 1, booksListed: 1 })
    expect(planStanding(starter, now)).toMatchObject({ kind: 'free', limit: 1, limitReached: true })
  })

  it('a paid plan granted for nothing is not the free plan, and unlimited is never reached', () => {
    const elite = held({
      planName: 'Elite Strut',
      price: 0,
      planPrice: 24.99,
      bookLimit: -1,
      booksListed: 300,
    })
    expect(planStanding({ ...elite, expiryDate: '-1' }, now)).toMatchObject({
      kind: 'granted',
      unlimited: true,
      limit: -1,
      limitReached: false,
      monthlyPrice: 24.99,
    })
  })

  it("an expired paid plan keeps its listings and falls back to the free plan's limit", () => {
    expect(planStanding(held({ expiryDate: '2026-05-01T00:00:00Z' }), now)).toMatchObject({
      kind: 'expired',
      planName: 'Pro Strut',
      limit: 1,
      listed: 3,
      limitReached: true,
    })
  })

  it('no membership yet is the free plan', () => {
    expect(planStanding(null, now, 0)).toMatchObject({ kind: 'free', planName: 'Starter Strut', limit: 1 })
  })

  it('a period costs 12 months of the monthly price in whole cents, or a lifetime price once', () => {
    expect(periodChargeCents({ price: 5.99, duration: 12 })).toBe(7188)
    expect(periodChargeCents({ price: 15.99, duration: 12 })).toBe(19188)
    expect(periodChargeCents({ price: 499, duration: -1 })).toBe(49900)
  })
})
