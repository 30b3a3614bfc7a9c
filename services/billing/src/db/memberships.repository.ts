import { type DbOrTx, newId } from '@bookstrut/core'
import type { MembershipRow, PlanRow } from './billing.tables.js'

/** Seeded plan ids (migration 2026_11_22_1400_create_catalogue). */
export const STARTER_PLAN_ID = '0000000000000000000000a1'
export const ELITE_PLAN_ID = '0000000000000000000000a5'

export type CurrentMembership = MembershipRow & {
  plan_name: string
  plan_description: string
  plan_duration: number
  /** the plan's price in the catalogue now (the membership's own `price` is what was paid) */
  plan_price: string
}

/** The plan's terms read beside a membership, in every membership query. */
const PLAN_COLUMNS = [
  'plans.plan_name',
  'plans.description as plan_description',
  'plans.duration as plan_duration',
  'plans.price as plan_price',
] as const

/** The user's current membership with its plan's name and duration; undefined when they have none. */
export const currentMembership = (db: DbOrTx, userId: string): Promise<CurrentMembership | undefined> =>
  db
    .selectFrom('memberships')
    .innerJoin('plans', 'plans.id', 'memberships.plan_id')
    .selectAll('memberships')
    .select(PLAN_COLUMNS)
    .where('memberships.user_id', '=', userId)
    .where('memberships.is_current', '=', true)
    .executeTakeFirst()

/**
 * Gives the user the free Starter Strut plan unless they already hold a current membership. Safe to call
 * concurrently: the partial unique index on (user_id) where is_current settles races.
 */
export async function ensureFreeMembership(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await insertCurrent(db, userId, STARTER_PLAN_ID, now)
}

/**
 * Makes `planId` the user's current plan without a payment (an operator's grant: price 0, no expiry).
 * Call inside a transaction: it ends the current membership, then inserts the new one.
 */
export async function grantPlan(db: DbOrTx, userId: string, planId: string, now: Date): Promise<void> {
  await db
    .updateTable('memberships')
    .set({ is_current: false })
    .where('user_id', '=', userId)
    .where('is_current', '=', true)
    .execute()
  await insertCurrent(db, userId, planId, now, { price: 0 })
}

/**
 * Inserts a current membership copied from the plan as it is now (an admin may change a plan's terms later; the
 * membership keeps the ones it got); a no-op when the user already has a current one.
 */
async function insertCurrent(
  db: DbOrTx,
  userId: string,
  planId: string,
  now: Date,
  overrides: { price?: number } = {},
): Promise<void> {
  const plan = await db
    .selectFrom('plans')
    .select(['price', 'book_limit'])
    .where('id', '=', planId)
    .executeTakeFirstOrThrow(() => new Error(`plan ${planId} is not seeded`))
  await db
    .insertInto('memberships')
    .values({
      id: newId(now.getTime()),
      user_id: userId,
      plan_id: planId,
      price: overrides.price ?? plan.price,
      book_limit: plan.book_limit,
      purchase_date: now,
      expiry_date: null,
      is_current: true,
    })
    .onConflict((oc) => oc.column('user_id').where('is_current', '=', true).doNothing())
    .execute()
}

/* Plans (the catalogue) and the history of memberships: issue 16. */

/** The plans in catalogue order: those on sale (`status` true), the withdrawn ones (false), or all (undefined). */
export function listPlans(db: DbOrTx, status: boolean | undefined): Promise<PlanRow[]> {
  let query = db.selectFrom('plans').selectAll().orderBy('sort_order').orderBy('id')
  if (status !== undefined) query = query.where('status', '=', status)
  return query.execute()
}

export const findPlan = (db: DbOrTx, planId: string): Promise<PlanRow | undefined> =>
  db.selectFrom('plans').selectAll().where('id', '=', planId).executeTakeFirst()

/** The free plan every account falls back to (the seeded Starter Strut). */
export const freePlan = (db: DbOrTx): Promise<PlanRow> =>
  db
    .selectFrom('plans')
    .selectAll()
    .where('id', '=', STARTER_PLAN_ID)
    .executeTakeFirstOrThrow(() => new Error('the free plan is not seeded'))

/** An admin's change of a plan's price, status or book limit; existing memberships keep the terms they bought. */
export const updatePlan = (
  db: DbOrTx,
  planId: string,
  patch: { price?: number; status?: boolean; book_limit?: number },
): Promise<PlanRow | undefined> =>
  db.updateTable('plans').set(patch).where('id', '=', planId).returningAll().executeTakeFirst()

export type MembershipHistoryRow = CurrentMembership & { amount_cents: number | null }

/** Every membership the user has held, newest first, with its plan and what its payment charged (null: none). */
export const membershipHistory = (db: DbOrTx, userId: string): Promise<MembershipHistoryRow[]> =>
  db
    .selectFrom('memberships')
    .innerJoin('plans', 'plans.id', 'memberships.plan_id')
    .leftJoin('payments', 'payments.id', 'memberships.payment_id')
    .selectAll('memberships')
    .select([...PLAN_COLUMNS, 'payments.amount_cents'])
    .where('memberships.user_id', '=', userId)
    .orderBy('memberships.purchase_date', 'desc')
    .orderBy('memberships.id', 'desc')
    .execute()

/**
 * Locks the user's current membership row until the transaction ends, so two confirmed payments of one user are
 * applied one after the other. Answers it (undefined: the user has none yet).
 */
export const lockCurrentMembership = (trx: DbOrTx, userId: string): Promise<MembershipRow | undefined> =>
  trx
    .selectFrom('memberships')
    .selectAll()
    .where('user_id', '=', userId)
    .where('is_current', '=', true)
    .forUpdate()
    .executeTakeFirst()

/**
 * Makes a paid plan the user's current membership at once: ends the current one and inserts the new one with the
 * terms that were paid for. Call inside a transaction; the unique payment_id makes a second call for the same
 * payment fail instead of adding a second membership.
 */
export async function startPaidMembership(
  trx: DbOrTx,
  m: {
    userId: string
    planId: string
    price: string | number
    bookLimit: number
    purchaseDate: Date
    expiryDate: Date | null
    paymentId: string
  },
): Promise<MembershipRow> {
  await trx
    .updateTable('memberships')
    .set({ is_current: false })
    .where('user_id', '=', m.userId)
    .where('is_current', '=', true)
    .execute()
  return trx
    .insertInto('memberships')
    .values({
      id: newId(m.purchaseDate.getTime()),
      user_id: m.userId,
      plan_id: m.planId,
      price: m.price,
      book_limit: m.bookLimit,
      purchase_date: m.purchaseDate,
      expiry_date: m.expiryDate,
      is_current: true,
      payment_id: m.paymentId,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}
