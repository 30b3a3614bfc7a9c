import type { DbOrTx } from '@bookstrut/core'
import type { PlanRow } from '../db/billing.tables.js'
import * as membershipsRepo from '../db/memberships.repository.js'

/**
 * What an account may do now. A paid plan past its expiry falls back to the free plan's limits: nothing is deleted
 * (its listings stay), but new listings wait for an upgrade.
 */
export interface EffectivePlanTerms {
  planId: string
  planName: string
  /** the monthly price paid for the plan in effect (0 for the free plan, grants, and once a paid plan expired) */
  price: number
  /**
   * the catalogue price of the plan in effect, which "no downgrade, no repeat" compares with (a plan an operator
   * granted for free still ranks as that plan); 0 for the free plan and once expired
   */
  rankPrice: number
  bookLimit: number
  expired: boolean
}

export const hasExpired = (expiry: Date | null, now: Date) =>
  expiry !== null && expiry.getTime() <= now.getTime()

/** The terms in effect for a held membership (undefined: none yet, so the free plan's). */
export function effectiveTerms(
  current: membershipsRepo.CurrentMembership | undefined,
  free: PlanRow,
  now: Date,
): EffectivePlanTerms {
  const expired = current ? hasExpired(current.expiry_date, now) : false
  if (!current || expired)
    return {
      planId: free.id,
      planName: free.plan_name,
      price: 0,
      rankPrice: 0,
      bookLimit: free.book_limit,
      expired,
    }
  return {
    planId: current.plan_id,
    planName: current.plan_name,
    price: Number(current.price),
    rankPrice: Number(current.plan_price),
    bookLimit: current.book_limit,
    expired: false,
  }
}

/** The user's plan in effect now, read from the database. */
export async function effectivePlan(db: DbOrTx, userId: string, now: Date): Promise<EffectivePlanTerms> {
  const [current, free] = await Promise.all([
    membershipsRepo.currentMembership(db, userId),
    membershipsRepo.freePlan(db),
  ])
  return effectiveTerms(current, free, now)
}
