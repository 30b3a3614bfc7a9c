import type { UserRow } from '@bookstrut/accounts'
import {
  badRequest,
  notFound,
  audited,
  recorded,
  type AdminActor,
  type Deps,
  type DbOrTx,
} from '@bookstrut/core'
import {
  canUpgradeReadingA,
  isLimitExceeded,
  type MembershipRecord,
  type MembershipsByUser,
  type Plan,
  type UpdatePlanBody,
  type UpgradeQuote,
} from '@bookstrut/schemas'
import type { PlanRow } from '../db/billing.tables.js'
import * as membershipsRepo from '../db/memberships.repository.js'
import * as paymentsRepo from '../db/payments.repository.js'
import { effectiveTerms } from '../memberships/effective-plan.js'
import { offerUpgrade } from '../memberships/upgrade-offer.js'
import { fromCents } from '../memberships/upgrade-pricing.js'

/**
 * Authors and publishers start on the free plan (Starter Strut, one book) when their account is verified, in the
 * transaction that verifies it (accounts' `verifySignup` calls it as its `onVerified`).
 */
export async function startOnFreePlan(trx: DbOrTx, user: Pick<UserRow, 'id' | 'role'>, now: Date) {
  if (user.role === 'author' || user.role === 'publisher')
    await membershipsRepo.ensureFreeMembership(trx, user.id, now)
}

export const toPlan = (row: PlanRow): Plan => ({
  _id: row.id,
  planName: row.plan_name,
  description: row.description,
  price: Number(row.price),
  duration: row.duration,
  bookLimit: row.book_limit,
  status: row.status,
})

const isoOrNone = (date: Date | null) => (date ? date.toISOString() : '-1')

const toRecord = (row: membershipsRepo.MembershipHistoryRow): MembershipRecord => ({
  _id: row.id,
  planId: row.plan_id,
  planName: row.plan_name,
  description: row.plan_description,
  price: Number(row.price),
  planPrice: Number(row.plan_price),
  bookLimit: row.book_limit,
  purchaseDate: row.purchase_date.toISOString(),
  expiryDate: isoOrNone(row.expiry_date),
  amountPaid: row.amount_cents === null ? null : fromCents(row.amount_cents),
})

/** Plans on sale are asked for (`status`, true by default); withdrawn ones are for admins (the route's policy). */
export const onSale = (q: { status?: boolean }) => q.status ?? true

/** The catalogue: plans on sale, or withdrawn ones. */
export async function listPlans(deps: Deps, status: boolean): Promise<Plan[]> {
  return (await membershipsRepo.listPlans(deps.db, status)).map(toPlan)
}

const hasAtMostTwoDecimals = (usd: number) => Math.abs(usd * 100 - Math.round(usd * 100)) < 1e-6

/**
 * An admin's change of a plan. The free plan stays free and on sale (every account falls back to it); a paid plan
 * stays paid; 0 books is no plan. Existing memberships keep the terms they were bought with.
 */
export async function updatePlan(deps: Deps, body: UpdatePlanBody, actor: AdminActor): Promise<Plan> {
  if (body.price !== undefined && !hasAtMostTwoDecimals(body.price))
    throw badRequest('price: must have at most two decimals')
  if (body.bookLimit === 0) throw badRequest('bookLimit: -1 (unlimited) or at least 1')
  // One audit entry (plan.update) in the transaction of the change (core: admin/audited.ts).
  return audited(deps, actor, async (trx) => {
    const plan = await membershipsRepo.findPlan(trx, body.planId)
    if (!plan) throw notFound('Plan not found')
    const isFree = plan.id === membershipsRepo.STARTER_PLAN_ID
    if (isFree && body.price !== undefined && body.price !== 0)
      throw badRequest('price: the free plan stays free (0)')
    if (!isFree && body.price !== undefined && body.price < 1)
      throw badRequest('price: a paid plan costs at least 1.00 a month')
    if (isFree && body.status === false) throw badRequest('status: the free plan cannot be withdrawn')
    const updated = await membershipsRepo.updatePlan(trx, plan.id, {
      ...(body.price !== undefined ? { price: Math.round(body.price * 100) / 100 } : {}),
      ...(body.status !== undefined ? { status: body.status } : {}),
      ...(body.bookLimit !== undefined ? { book_limit: body.bookLimit } : {}),
    })
    if (!updated) throw notFound('Plan not found')
    const terms = (p: Plan) => ({ price: p.price, status: p.status, bookLimit: p.bookLimit })
    const after = toPlan(updated)
    return recorded(after, 'plan.update', ['plan', plan.id], terms(toPlan(plan)), terms(after))
  })
}

/**
 * The user's current plan, the plan in effect, its states, past plans and billing details (caller checked).
 * `booksListed` is counted by the catalogue and handed in: the catalogue reads plans (a listing's limit), so billing
 * cannot depend on it in turn.
 */
export async function membershipsByUser(
  deps: Deps,
  userId: string,
  booksListed: number,
): Promise<MembershipsByUser> {
  const now = deps.clock.now()
  const [history, currentRow, free, plans, billing] = await Promise.all([
    membershipsRepo.membershipHistory(deps.db, userId),
    membershipsRepo.currentMembership(deps.db, userId),
    membershipsRepo.freePlan(deps.db),
    membershipsRepo.listPlans(deps.db, true),
    paymentsRepo.latestBilling(deps.db, userId),
  ])
  const effective = effectiveTerms(currentRow, free, now)
  const current = history.find((m) => m.is_current)
  const terms = {
    // The plan's list price: a paid plan granted for nothing (price paid 0) is not the free plan.
    price: current ? Number(current.plan_price) : 0,
    bookLimit: current?.book_limit ?? free.book_limit,
    booksListed,
    expiryDate: isoOrNone(current?.expiry_date ?? null),
  }
  return {
    current: current ? toRecord(current) : null,
    effective: {
      planId: effective.planId,
      planName: effective.planName,
      price: effective.price,
      bookLimit: effective.bookLimit,
    },
    booksListed,
    state: {
      expired: effective.expired,
      limitExceeded: isLimitExceeded({ bookLimit: effective.bookLimit, booksListed }),
      // The free plan, not a paid plan an operator granted for nothing (its price paid is 0 too).
      free: effective.rankPrice === 0,
      canUpgrade: canUpgradeReadingA(terms, now),
      canUpgradeToHigherPlan: plans.some((p) => Number(p.price) > effective.rankPrice),
    },
    pastPlans: history.filter((m) => !m.is_current).map(toRecord),
    billingDetails: billing ?? null,
  }
}

/** What the caller would pay now for a plan; the same computation paying uses. */
export async function quote(deps: Deps, user: UserRow, planId: string, paymentsConfigured: boolean) {
  const offer = await offerUpgrade(deps.db, user, planId, deps.clock.now())
  const answer: UpgradeQuote = {
    planId: offer.plan.id,
    planName: offer.plan.plan_name,
    monthlyPrice: Number(offer.plan.price),
    charge: fromCents(offer.price.chargeCents),
    credit: fromCents(offer.price.creditCents),
    remainingMonths: offer.price.remainingMonths,
    amount: fromCents(offer.price.amountCents),
    currency: 'usd',
    expiryDate: isoOrNone(offer.expiryDate),
    paymentsConfigured,
  }
  return answer
}
