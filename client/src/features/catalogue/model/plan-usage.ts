import { isExpired, isLimitExceeded, type Membership } from '@bookstrut/schemas'

/** The free plan's book limit (spec section 9), which an expired paid plan falls back to. */
export const FREE_PLAN_BOOK_LIMIT = 1

export interface PlanUsage {
  /** the limit in effect: the plan's, or the free plan's once a paid plan has expired; 0 or less = none */
  limit: number
  listed: number
  expired: boolean
  /** no new listing until an upgrade */
  reached: boolean
}

/** What the plan in effect allows now, read with the shared plan-state rules (schemas/src/plans.ts). */
export function planUsage(m: Membership | null | undefined, now: Date): PlanUsage | null {
  if (!m) return null
  const expired = isExpired(m, now)
  const limit = expired ? FREE_PLAN_BOOK_LIMIT : m.bookLimit
  return {
    limit,
    listed: m.booksListed,
    expired,
    reached: isLimitExceeded({ bookLimit: limit, booksListed: m.booksListed }),
  }
}

/** "N of M listed" when the plan in effect has a book limit. */
export function listedText(usage: PlanUsage | null): string | null {
  if (!usage || usage.limit <= 0) return null
  return `${usage.listed} of ${usage.limit} listed`
}
