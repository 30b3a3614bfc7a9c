import { buildUser } from '@bookstrut/accounts/testing'
import { newId, type Db } from '@bookstrut/core'

/** The ids of the seeded plans (the spec's five, in order). */
export const PLANS = {
  starter: '0000000000000000000000a1',
  essential: '0000000000000000000000a2',
  basic: '0000000000000000000000a3',
  pro: '0000000000000000000000a4',
  elite: '0000000000000000000000a5',
}

/** The paid plan the api tests give authors (ten books, analytics). */
export const PAID_PLAN = PLANS.basic

export interface HeldMembership {
  planId?: string
  price?: string
  bookLimit?: number
  /** default: now */
  bought?: Date
  /** default: a year from now; `null`, a membership that does not expire */
  expiry?: Date | null
  /** default: a new id */
  id?: string
}

/** A held membership written straight to the database (paying is tested in routes/payments). */
export function grantMembership(db: Db, userId: string, held: HeldMembership = {}) {
  return db
    .insertInto('memberships')
    .values({
      id: held.id ?? newId(),
      user_id: userId,
      plan_id: held.planId ?? PAID_PLAN,
      price: held.price ?? '9.99',
      book_limit: held.bookLimit ?? 10,
      purchase_date: held.bought ?? new Date(),
      expiry_date: held.expiry === undefined ? new Date(Date.now() + 365 * 86_400_000) : held.expiry,
    })
    .execute()
}

/** An author holding the paid plan (grantMembership's defaults unless `held` says otherwise). */
export async function paidAuthor(db: Db, held: HeldMembership = {}) {
  const author = await buildUser(db, { role: 'author' })
  await grantMembership(db, author.id, held)
  return author
}
