import { usersRepo } from '@bookstrut/accounts'
import { badRequest, conflict, newId, notFound, type DbOrTx } from '@bookstrut/core'
import { MAX_GRANT_DAYS } from '@bookstrut/schemas'
import type { GrantKind, MembershipRow } from '../db/billing.tables.js'
import * as membershipsRepo from '../db/memberships.repository.js'
import { hasExpired } from './effective-plan.js'

/*
 * Plans granted by admins (issue 48). An admin gives a member a paid plan for nothing until a date
 * (complimentary), or moves the end of the plan they hold later (extended), with a reason the member reads in My
 * Membership. The caller (the admin route) wraps this in `audited`, so each grant leaves one plan.grant entry with
 * the member's membership before and after; a repeated grant changes nothing and leaves none.
 */

export interface PlanGrant {
  userId: string
  kind: GrantKind
  /** the paid plan of a complimentary grant; an extension keeps the held plan */
  planId?: string
  /** YYYY-MM-DD (UTC): the plan ends at the end of that day */
  endDate: string
  reason: string
  adminId: string
}

/** A membership as the audit log records it before and after a grant. */
export interface GrantedState {
  planId: string | null
  planName: string | null
  price: number | null
  expiryDate: string | null
  grant: { kind: GrantKind; reason: string } | null
}

const DAY_MS = 86_400_000

/** The end of `endDate` (UTC) as the membership's expiry: the first instant of the next day. */
export function grantExpiry(endDate: string, now: Date): Date {
  const start = Date.parse(`${endDate}T00:00:00Z`)
  if (Number.isNaN(start)) throw badRequest('endDate: a date as YYYY-MM-DD')
  const expiry = new Date(start + DAY_MS)
  if (expiry.getTime() <= now.getTime() + DAY_MS) throw badRequest('endDate: a day after today')
  if (expiry.getTime() > now.getTime() + MAX_GRANT_DAYS * DAY_MS)
    throw badRequest('endDate: at most five years ahead')
  return expiry
}

const stateOf = (m: membershipsRepo.CurrentMembership | undefined): GrantedState => ({
  planId: m?.plan_id ?? null,
  planName: m?.plan_name ?? null,
  price: m ? Number(m.price) : null,
  expiryDate: m?.expiry_date ? m.expiry_date.toISOString() : null,
  grant: m?.grant_kind && m.grant_reason ? { kind: m.grant_kind, reason: m.grant_reason } : null,
})

/** Plans are for the accounts that list books: an admin's grant to a reader or an admin is refused. */
async function lockMember(trx: DbOrTx, userId: string) {
  const member = await usersRepo.lockUserById(trx, userId)
  if (!member) throw notFound('User not found')
  if (member.role !== 'author' && member.role !== 'publisher')
    throw conflict('Plans are for authors and publishers: change the account’s role first.')
  return member
}

/**
 * Applies an admin's grant inside the caller's transaction and answers the membership before and after. Refused:
 * the free plan or no such plan (complimentary), a member whose paid plan is still running (extend it instead), a
 * member with nothing to extend (the free plan, or a plan without an end), an end not later than the held one.
 */
export async function applyPlanGrant(
  trx: DbOrTx,
  grant: PlanGrant,
  now: Date,
): Promise<{ before: GrantedState; after: GrantedState }> {
  const expiry = grantExpiry(grant.endDate, now)
  await lockMember(trx, grant.userId)
  await membershipsRepo.lockCurrentMembership(trx, grant.userId)
  const current = await membershipsRepo.currentMembership(trx, grant.userId)
  const before = stateOf(current)
  const reason = grant.reason.trim()
  const marks = { grant_reason: reason, granted_by: grant.adminId, granted_at: now }

  if (grant.kind === 'extended') {
    if (!current || current.plan_id === membershipsRepo.STARTER_PLAN_ID)
      throw conflict('The member holds the free plan: grant a complimentary plan instead.')
    if (grant.planId !== undefined && grant.planId !== current.plan_id)
      throw badRequest('planId: an extension keeps the plan the member holds')
    if (current.expiry_date === null)
      throw conflict('The member’s plan has no end: there is nothing to extend.')
    const sameGrant =
      current.grant_kind === 'extended' &&
      current.expiry_date.getTime() === expiry.getTime() &&
      current.grant_reason === reason
    if (sameGrant) return { before, after: before }
    if (expiry.getTime() <= current.expiry_date.getTime())
      throw conflict('The new end date must be later than the plan’s current end.')
    await trx
      .updateTable('memberships')
      .set({ expiry_date: expiry, grant_kind: 'extended', ...marks })
      .where('id', '=', current.id)
      .execute()
  } else {
    if (grant.planId === undefined) throw badRequest('planId: the plan to give')
    const plan = await membershipsRepo.findPlan(trx, grant.planId)
    if (!plan) throw notFound('Plan not found')
    if (plan.id === membershipsRepo.STARTER_PLAN_ID || Number(plan.price) === 0)
      throw badRequest('planId: the free plan is everyone’s already; give a paid plan')
    const sameGrant =
      current?.grant_kind === 'complimentary' &&
      current.plan_id === plan.id &&
      current.expiry_date?.getTime() === expiry.getTime() &&
      current.grant_reason === reason
    if (sameGrant) return { before, after: before }
    if (current && Number(current.price) > 0 && !hasExpired(current.expiry_date, now))
      throw conflict('The member’s paid plan is still running: extend it instead.')
    await endCurrent(trx, grant.userId)
    await trx
      .insertInto('memberships')
      .values({
        id: newId(now.getTime()),
        user_id: grant.userId,
        plan_id: plan.id,
        price: 0,
        book_limit: plan.book_limit,
        purchase_date: now,
        expiry_date: expiry,
        is_current: true,
        grant_kind: 'complimentary',
        ...marks,
      })
      .execute()
  }
  return { before, after: stateOf(await membershipsRepo.currentMembership(trx, grant.userId)) }
}

/** Ends the member's current membership (it stays in their past plans). */
const endCurrent = (trx: DbOrTx, userId: string): Promise<unknown> =>
  trx
    .updateTable('memberships')
    .set({ is_current: false })
    .where('user_id', '=', userId)
    .where('is_current', '=', true)
    .execute()

/** The grant of a membership row as the member and the console read it (null: nobody granted it). */
export const grantOf = (
  m: Pick<MembershipRow, 'grant_kind' | 'grant_reason' | 'granted_at'>,
): { kind: GrantKind; reason: string; grantedAt: string } | null =>
  m.grant_kind && m.grant_reason !== null && m.granted_at
    ? { kind: m.grant_kind, reason: m.grant_reason, grantedAt: m.granted_at.toISOString() }
    : null
