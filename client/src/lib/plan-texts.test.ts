import { describe, expect, it } from 'vitest'
import { planStanding, type HeldPlan } from '@bookstrut/schemas'
import {
  billingText,
  heldPriceText,
  limitDialogText,
  listedCounterText,
  planSummaryText,
  uploadAllowanceText,
  welcomeText,
} from './plan-texts'

const now = new Date('2026-06-01T00:00:00Z')
const standing = (over: Partial<HeldPlan>) =>
  planStanding(
    {
      planName: 'Pro Strut',
      price: 15.99,
      planPrice: 15.99,
      bookLimit: 10,
      booksListed: 3,
      expiryDate: '2027-01-01T00:00:00Z',
      ...over,
    },
    now,
  )
const starter = (listed: number) =>
  standing({
    planName: 'Starter Strut',
    price: 0,
    planPrice: 0,
    bookLimit: 1,
    booksListed: listed,
    expiryDate: '-1',
  })
const elite = standing({
  planName: 'Elite Strut',
  price: 0,
  planPrice: 24.99,
  bookLimit: -1,
  booksListed: 300,
  expiryDate: '-1',
})

describe('plan texts (issue 30: no text contradicts the plan held)', () => {
  it('a Starter author at the limit is told the limit, not that the plan expired', () => {
    expect(limitDialogText(starter(1))).toEqual({
      title: "You have reached your plan's book limit",
      body: 'Starter Strut lists up to 1 book, and you have listed 1. Please upgrade your plan to continue.',
    })
    expect(planSummaryText(starter(0))).toBe('Starter Strut: 0 of 1 listed')
    expect(uploadAllowanceText(starter(0))).toBe(
      'Your Starter Strut plan lists up to 1 book (none listed yet).',
    )
    expect(welcomeText(starter(0)).action).toBe('List My First Book')
  })

  it('an expired plan keeps the spec title "Your plan has expired"', () => {
    const text = limitDialogText(standing({ expiryDate: '2026-05-01T12:00:00Z' }))
    expect(text.title).toBe('Your plan has expired')
    expect(text.body).toBe(
      "Your Pro Strut plan expired on May 1, 2026. Your listings stay; new ones follow the free plan's limit of 1 book. Please upgrade your plan to continue.",
    )
  })

  it('a granted Elite with 300 books is unlimited and not "Free"', () => {
    expect(planSummaryText(elite)).toBe('Elite Strut: 300 listed, no limit')
    expect(listedCounterText(elite)).toBeNull()
    expect(heldPriceText(elite)).toBe('Included at no charge (list price $24.99 a month)')
    expect(uploadAllowanceText(elite)).toBe('Your Elite Strut plan lists unlimited books (300 listed).')
  })

  it('says plans are billed yearly with the yearly total', () => {
    expect(billingText({ price: 15.99, duration: 12 })).toBe('Billed yearly: $191.88 a year')
    expect(billingText({ price: 5.99, duration: 12 })).toBe('Billed yearly: $71.88 a year')
    expect(billingText({ price: 499, duration: -1 })).toBe('One payment of $499.00, no renewal')
    expect(billingText({ price: 0, duration: -1 })).toBeNull()
    expect(heldPriceText(standing({}))).toBe('$15.99 a month, billed yearly')
  })
})
