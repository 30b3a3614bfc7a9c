import { isExpired, isLimitExceeded, LIFETIME, PAID_PERIOD_MONTHS, UNLIMITED_BOOKS } from './plans.js'

/*
 * Where an account stands with its plan, read from the plan-state rules of plans.ts: the one source of every plan
 * text the client shows (welcome, upload page, My Listings, membership pages, payment dialog; client
 * src/lib/plan-texts.ts words them). Nothing here reads a price to decide "free" on its own: a paid plan an
 * operator granted for nothing has price 0 too, yet it is not the free plan.
 */

/** The seeded free plan (migration create_catalogue): its name and limit stay fixed (admins change paid plans). */
export const FREE_PLAN_NAME = 'Starter Strut'
/** The free plan's book limit, which an expired paid plan falls back to (spec section 9). */
export const FREE_PLAN_BOOK_LIMIT = 1

/** The fields of a held membership the standing reads (the user view's `membership` has them all). */
export interface HeldPlan {
  planName: string
  /** the monthly price paid: 0 for the free plan and for a granted plan */
  price: number
  /** the plan's monthly price in the catalogue */
  planPrice: number
  bookLimit: number
  booksListed: number
  /** ISO date, or "-1" for none */
  expiryDate: string
}

/**
 * - free: the free plan is held
 * - paid: a paid plan bought and running
 * - granted: a paid plan given for nothing (e.g. the catalogue importer's Elite), running
 * - expired: a paid plan past its expiry: its listings stay, new ones follow the free plan's limit
 */
export type PlanKind = 'free' | 'paid' | 'granted' | 'expired'

export interface PlanStanding {
  kind: PlanKind
  /** the plan held (for an expired plan, the one that expired) */
  planName: string
  /** the monthly list price of the plan held (0 for the free plan) */
  monthlyPrice: number
  /** the book limit in effect: the plan's, or the free plan's once expired; -1 = unlimited */
  limit: number
  listed: number
  unlimited: boolean
  /** no new listing until an upgrade */
  limitReached: boolean
  /** ISO date or "-1" */
  expiryDate: string
}

/** Where the account stands; no membership yet is the free plan with nothing listed (or `listed`). */
export function planStanding(m: HeldPlan | null | undefined, now: Date, listed = 0): PlanStanding {
  if (!m)
    return {
      kind: 'free',
      planName: FREE_PLAN_NAME,
      monthlyPrice: 0,
      limit: FREE_PLAN_BOOK_LIMIT,
      listed,
      unlimited: false,
      limitReached: isLimitExceeded({ bookLimit: FREE_PLAN_BOOK_LIMIT, booksListed: listed }),
      expiryDate: '-1',
    }
  const expired = m.planPrice > 0 && isExpired(m, now)
  const kind: PlanKind = expired ? 'expired' : m.planPrice === 0 ? 'free' : m.price > 0 ? 'paid' : 'granted'
  const limit = expired ? FREE_PLAN_BOOK_LIMIT : m.bookLimit
  const unlimited = limit === UNLIMITED_BOOKS || limit <= 0
  return {
    kind,
    planName: m.planName,
    monthlyPrice: m.planPrice,
    limit: unlimited ? UNLIMITED_BOOKS : limit,
    listed: m.booksListed,
    unlimited,
    limitReached: !unlimited && isLimitExceeded({ bookLimit: limit, booksListed: m.booksListed }),
    expiryDate: m.expiryDate,
  }
}

/**
 * What a plan costs for one billing period, in whole cents: 12 × the monthly price, or the price as is for a
 * lifetime plan (spec section 9). The server charges it (core upgrade-pricing.ts); the client shows it before
 * anyone clicks, so the yearly total is never a surprise.
 */
export const periodChargeCents = (plan: { price: number; duration: number }): number =>
  plan.duration === LIFETIME
    ? Math.round(plan.price * 100)
    : PAID_PERIOD_MONTHS * Math.round(plan.price * 100)
