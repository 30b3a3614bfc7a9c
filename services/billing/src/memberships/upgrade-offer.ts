import { type DbOrTx, AppError, conflict, notFound } from '@bookstrut/core'
import type { UserRow } from '@bookstrut/accounts'
import type { PlanRow } from '../db/billing.tables.js'
import { MIN_CHARGE_CENTS } from '@bookstrut/schemas'
import * as membershipsRepo from '../db/memberships.repository.js'
import { effectiveTerms, type EffectivePlanTerms } from './effective-plan.js'
import { periodEnd, priceUpgrade, type UpgradePrice } from './upgrade-pricing.js'

export interface UpgradeOffer {
  plan: PlanRow
  /** the membership being replaced (undefined: none yet) */
  current: membershipsRepo.CurrentMembership | undefined
  effective: EffectivePlanTerms
  price: UpgradePrice
  /** when the new plan would end if paid now (null: lifetime) */
  expiryDate: Date | null
}

const notAnUpgrade = () => conflict('You can only upgrade to a plan that costs more than your current plan.')

/**
 * What `user` would pay now for `planId`, or the reason they may not buy it: only a plan on sale, only one that
 * costs more than the plan in effect (no downgrade, no repeat; an expired plan is in effect the free plan, so it may
 * be bought again), and only an amount a card can be charged. Who may buy at all (authors and publishers, not
 * blocked) is the routes' access policy (access/route-policy.ts `buysPlansRule`), decided before this runs.
 */
export async function offerUpgrade(
  db: DbOrTx,
  user: Pick<UserRow, 'id' | 'role' | 'is_blocked' | 'block_notes'>,
  planId: string,
  now: Date,
): Promise<UpgradeOffer> {
  const [plan, current, free] = await Promise.all([
    membershipsRepo.findPlan(db, planId),
    membershipsRepo.currentMembership(db, user.id),
    membershipsRepo.freePlan(db),
  ])
  if (!plan) throw notFound('Plan not found')
  if (!plan.status) throw conflict('This plan is not on sale.')
  const effective = effectiveTerms(current, free, now)
  if (Number(plan.price) <= effective.rankPrice) throw notAnUpgrade()
  const held =
    current && !effective.expired ? { price: effective.price, expiryDate: current.expiry_date } : null
  const price = priceUpgrade(held, { price: Number(plan.price), duration: plan.duration }, now)
  if (price.amountCents < MIN_CHARGE_CENTS)
    throw new AppError(409, 'CONFLICT', 'This upgrade cannot be paid by card. Please contact support.')
  return { plan, current, effective, price, expiryDate: periodEnd(plan, now) }
}
