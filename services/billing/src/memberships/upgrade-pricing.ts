import { LIFETIME, PAID_PERIOD_MONTHS, periodChargeCents } from '@bookstrut/schemas'

/*
 * What an upgrade costs (spec reader-and-account section 9): 12 × the monthly price of the new plan (a lifetime plan,
 * duration -1: its price as is), minus the unused part of the current plan, credited pro rata by its remaining months
 * over 12. Everything is counted in whole cents, so no binary fraction (12 × 5.99 = 71.88000000000001) reaches a
 * charge. Pure functions of their arguments: the server is the only caller that decides an amount.
 */

/** A plan as sold: `price` in USD a month (or the whole price of a lifetime plan). */
export interface PricedPlan {
  price: number
  duration: number
}

/** The membership being replaced, as it was bought. */
export interface HeldMembership {
  /** the monthly price paid for it (0 for the free plan and for plans an operator granted) */
  price: number
  /** null: no expiry (the free plan, a lifetime plan, a grant) */
  expiryDate: Date | null
}

export interface UpgradePrice {
  chargeCents: number
  creditCents: number
  /** whole months left on the current plan; -1 when it never expires (a lifetime plan is credited in full) */
  remainingMonths: number
  amountCents: number
}

export const toCents = (usd: number) => Math.round(usd * 100)
export const fromCents = (cents: number) => cents / 100

/** What a plan costs for one period: 12 months of its monthly price, or the price as is for a lifetime plan. */
export const planChargeCents = (plan: PricedPlan) => periodChargeCents(plan)

const daysInMonthUtc = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate()

/** `date` plus `months` calendar months (UTC), the day kept or clamped to the month's last day (Jan 31 → Feb 28). */
export function addMonthsUtc(date: Date, months: number): Date {
  const total = date.getUTCFullYear() * 12 + date.getUTCMonth() + months
  const year = Math.floor(total / 12)
  const month = total - year * 12
  const day = Math.min(date.getUTCDate(), daysInMonthUtc(year, month))
  const out = new Date(date)
  out.setUTCFullYear(year, month, day)
  return out
}

/**
 * Whole calendar months from `now` until `expiry`. A month that has started counts as used, so the credit never pays
 * back time already had; 0 once expired.
 */
export function remainingWholeMonths(now: Date, expiry: Date): number {
  if (expiry.getTime() <= now.getTime()) return 0
  let months =
    (expiry.getUTCFullYear() - now.getUTCFullYear()) * 12 + (expiry.getUTCMonth() - now.getUTCMonth())
  while (months > 0 && addMonthsUtc(now, months).getTime() > expiry.getTime()) months -= 1
  return months
}

/**
 * The unused part of the held plan: its 12-month charge × remaining months / 12, which is its monthly price × the
 * remaining months (at most 12). A plan without expiry is credited what a lifetime purchase cost (its price; 0 for the
 * free plan and grants). An expired plan is worth nothing.
 */
export function unusedCreditCents(held: HeldMembership | null, now: Date) {
  if (!held) return { creditCents: 0, remainingMonths: 0 }
  if (held.expiryDate === null) return { creditCents: toCents(held.price), remainingMonths: LIFETIME }
  const remainingMonths = Math.min(PAID_PERIOD_MONTHS, remainingWholeMonths(now, held.expiryDate))
  return { creditCents: toCents(held.price) * remainingMonths, remainingMonths }
}

/** The amount to charge now for `target`, given the membership it replaces; never below 0. */
export function priceUpgrade(held: HeldMembership | null, target: PricedPlan, now: Date): UpgradePrice {
  const chargeCents = planChargeCents(target)
  const { creditCents, remainingMonths } = unusedCreditCents(held, now)
  return { chargeCents, creditCents, remainingMonths, amountCents: Math.max(0, chargeCents - creditCents) }
}

/** When a plan bought at `start` ends: 12 months later, or never (null) for a lifetime plan. */
export const periodEnd = (plan: Pick<PricedPlan, 'duration'>, start: Date): Date | null =>
  plan.duration === LIFETIME ? null : addMonthsUtc(start, PAID_PERIOD_MONTHS)
