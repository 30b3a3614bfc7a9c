import { describe, expect, it } from 'vitest'
import {
  addMonthsUtc,
  planChargeCents,
  priceUpgrade,
  remainingWholeMonths,
  unusedCreditCents,
  type HeldMembership,
} from './upgrade-pricing.js'

// The spec's five plans (reader-and-account section 3): monthly price in USD, duration in months (-1 = lifetime).
const plans = {
  starter: { price: 0, duration: -1 },
  essential: { price: 5.99, duration: 12 },
  basic: { price: 9.99, duration: 12 },
  pro: { price: 15.99, duration: 12 },
  elite: { price: 24.99, duration: 12 },
} as const
type PlanName = keyof typeof plans
const order: PlanName[] = ['starter', 'essential', 'basic', 'pro', 'elite']

const bought = new Date('2026-01-15T10:00:00Z')
const heldFrom = (name: PlanName, at = bought): HeldMembership => ({
  price: plans[name].price,
  expiryDate: plans[name].duration === -1 ? null : addMonthsUtc(at, 12),
})

describe('the charge of a plan', () => {
  it.each([
    ['essential', 7188],
    ['basic', 11988],
    ['pro', 19188],
    ['elite', 29988],
    ['starter', 0],
  ] as const)('%s costs 12 × its monthly price in whole cents: %i', (name, cents) => {
    expect(planChargeCents(plans[name])).toBe(cents)
  })

  it('takes a lifetime plan (duration -1) at its price as is', () => {
    expect(planChargeCents({ price: 199.99, duration: -1 })).toBe(19999)
  })
})

describe('every upgrade pair, on the day of purchase (12 months left)', () => {
  // On the day the current plan was bought nothing of it is used: the credit is its whole 12-month charge.
  const pairs = order.flatMap((from, i) => order.slice(i + 1).map((to) => [from, to] as const))
  it.each(pairs)('%s → %s: the difference of the two 12-month charges', (from, to) => {
    const price = priceUpgrade(heldFrom(from), plans[to], bought)
    const expected = planChargeCents(plans[to]) - planChargeCents(plans[from])
    expect(price.amountCents).toBe(expected)
    expect(price.remainingMonths).toBe(from === 'starter' ? -1 : 12)
  })

  it('has ten upgrade pairs, each a positive amount', () => {
    expect(pairs).toHaveLength(10)
    pairs.forEach(([from, to]) =>
      expect(priceUpgrade(heldFrom(from), plans[to], bought).amountCents).toBeGreaterThan(0),
    )
  })
})

describe('pro rata credit by whole remaining months', () => {
  // Essential (5.99/month) bought 2026-01-15 10:00 UTC, expiring 2027-01-15 10:00; upgraded to Pro (191.88).
  it.each([
    ['the same instant', '2026-01-15T10:00:00Z', 12],
    ['one second later (a started month is used)', '2026-01-15T10:00:01Z', 11],
    ['one month later to the second', '2026-02-15T10:00:00Z', 11],
    ['four and a half months later', '2026-06-01T00:00:00Z', 7],
    ['in the last month', '2026-12-20T00:00:00Z', 0],
    ['at expiry', '2027-01-15T10:00:00Z', 0],
    ['a year after expiry', '2028-01-15T10:00:00Z', 0],
  ] as const)('%s: %i months credited', (_, at, months) => {
    const price = priceUpgrade(heldFrom('essential'), plans.pro, new Date(at))
    expect(price.remainingMonths).toBe(months)
    expect(price.creditCents).toBe(599 * months)
    expect(price.amountCents).toBe(19188 - 599 * months)
  })

  it('counts months on the calendar, clamping month ends (Jan 31 → Feb 28)', () => {
    expect(addMonthsUtc(new Date('2026-01-31T12:00:00Z'), 1).toISOString()).toBe('2026-02-28T12:00:00.000Z')
    expect(addMonthsUtc(new Date('2028-02-29T00:00:00Z'), 12).toISOString()).toBe('2029-02-28T00:00:00.000Z')
    expect(remainingWholeMonths(new Date('2026-01-31T00:00:00Z'), new Date('2026-03-01T00:00:00Z'))).toBe(1)
    expect(remainingWholeMonths(new Date('2026-03-01T00:00:00Z'), new Date('2026-03-31T23:59:59Z'))).toBe(0)
  })

  it('never credits more than 12 months', () => {
    const held = { price: 9.99, expiryDate: new Date('2030-01-01T00:00:00Z') }
    expect(unusedCreditCents(held, bought)).toEqual({ creditCents: 999 * 12, remainingMonths: 12 })
  })
})

describe('lifetime, free and expired current plans', () => {
  it('credits nothing for the free plan or a granted plan (price 0, no expiry)', () => {
    expect(priceUpgrade({ price: 0, expiryDate: null }, plans.basic, bought)).toEqual({
      chargeCents: 11988,
      creditCents: 0,
      remainingMonths: -1,
      amountCents: 11988,
    })
  })

  it('credits a paid lifetime plan its whole price', () => {
    expect(priceUpgrade({ price: 99.5, expiryDate: null }, plans.elite, bought).amountCents).toBe(
      29988 - 9950,
    )
  })

  it('charges a lifetime target at its price as is, minus the credit', () => {
    const lifetime = { price: 499, duration: -1 }
    expect(priceUpgrade(heldFrom('pro'), lifetime, bought).amountCents).toBe(49900 - 19188)
  })

  it('credits nothing for an expired plan: the full charge is due', () => {
    const expired = { price: 15.99, expiryDate: new Date('2025-12-31T00:00:00Z') }
    expect(priceUpgrade(expired, plans.elite, bought)).toMatchObject({ creditCents: 0, amountCents: 29988 })
  })

  it('charges the full price when there is no current plan', () => {
    expect(priceUpgrade(null, plans.essential, bought).amountCents).toBe(7188)
  })

  it('never goes below zero', () => {
    expect(priceUpgrade({ price: 500, expiryDate: null }, plans.essential, bought).amountCents).toBe(0)
  })
})

describe('rounding', () => {
  it('is exact in cents where floating point is not (Elite minus 3 months of Basic)', () => {
    expect(24.99 * 12 - 3 * 9.99).not.toBe(269.91)
    const held = { price: 9.99, expiryDate: addMonthsUtc(bought, 3) }
    const price = priceUpgrade(held, plans.elite, bought)
    expect(price.amountCents).toBe(29988 - 2997)
    expect(price.amountCents / 100).toBe(269.91)
  })

  it('rounds a price with stray binary digits to the nearest cent', () => {
    expect(planChargeCents({ price: 0.1 + 0.2, duration: 12 })).toBe(360)
    expect(planChargeCents({ price: 15.989999999, duration: -1 })).toBe(1599)
  })
})
