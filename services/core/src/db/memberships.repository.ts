import type { DbOrTx } from './database.js'
import type { MembershipRow } from './catalogue.tables.js'
import { newId } from '../ids.js'

/** Seeded plan ids (migration 2026_11_22_1400_create_catalogue). */
export const STARTER_PLAN_ID = '0000000000000000000000a1'
export const ELITE_PLAN_ID = '0000000000000000000000a5'

export type CurrentMembership = MembershipRow & {
  plan_name: string
  plan_description: string
  plan_duration: number
}

/** The user's current membership with its plan's name and duration; undefined when they have none. */
export const currentMembership = (db: DbOrTx, userId: string): Promise<CurrentMembership | undefined> =>
  db
    .selectFrom('memberships')
    .innerJoin('plans', 'plans.id', 'memberships.plan_id')
    .selectAll('memberships')
    .select(['plans.plan_name', 'plans.description as plan_description', 'plans.duration as plan_duration'])
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
 * Inserts a current membership copied from the plan; a no-op when the user already has a current one. Plans are
 * seeded and never change at run time, so reading the plan first races with nothing.
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
