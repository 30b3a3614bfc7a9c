import { sql } from 'kysely'
import { type DbOrTx, newId } from '@bookstrut/core'
import type { SearchHistoryRow } from './search-history.tables.js'

/** The three ideas of one search, in order. */
export type SearchTerms = readonly [string, string, string]

/** How many saved searches a list shows: the most recent ones; older items stay stored until cleared. */
export const SEARCH_HISTORY_LIST_LIMIT = 100

/** The unique index (migration 2026_11_23_1000) that makes the same three terms one saved search per user. */
const TERMS_KEY = 'search_history_terms_key'
/** Its key, written exactly as the index is, so that `on conflict` can infer it. */
const termsKey = sql`user_id, lower(trim(first_term)), lower(trim(second_term)), lower(trim(third_term))`

const trimmed = (terms: SearchTerms) => ({
  first_term: terms[0].trim(),
  second_term: terms[1].trim(),
  third_term: terms[2].trim(),
})

/**
 * Saves a search for `userId`. The same three terms again (trimmed, any case) make no new item: the
 * existing one keeps its id and spelling and moves to the top (updated_at = now). Returns the item.
 * The search route calls this after a non-empty idea search by a signed-in user. `network` is the keyed hash of the
 * saving address's network (readerNetwork): the topics job counts the places an idea was searched from; a save
 * again records the latest one.
 */
export const recordSearch = (
  db: DbOrTx,
  userId: string,
  terms: SearchTerms,
  now: Date = new Date(),
  network: string | null = null,
) =>
  db
    .insertInto('search_history')
    .values({
      id: newId(now.getTime()),
      user_id: userId,
      ...trimmed(terms),
      created_at: now,
      updated_at: now,
      network,
    })
    .onConflict((oc) =>
      oc.expression(termsKey).doUpdateSet((eb) => ({
        updated_at: now,
        network: eb.fn.coalesce(eb.ref('excluded.network'), eb.ref('search_history.network')),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow()

/** A user's saved searches, most recently saved or edited first, at most SEARCH_HISTORY_LIST_LIMIT of them. */
export const listRecent = (db: DbOrTx, userId: string): Promise<SearchHistoryRow[]> =>
  db
    .selectFrom('search_history')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(SEARCH_HISTORY_LIST_LIMIT)
    .execute()

/**
 * Replaces an item's terms (trimmed) and moves it to the top. Undefined when there is no such item of
 * `ownerId` (null: any owner). Terms equal to another item of the same user violate the unique index: see
 * `isDuplicateTerms`.
 */
export const updateTerms = (
  db: DbOrTx,
  id: string,
  ownerId: string | null,
  terms: SearchTerms,
  now: Date,
) => {
  let q = db
    .updateTable('search_history')
    .set({ ...trimmed(terms), updated_at: now })
    .where('id', '=', id)
  if (ownerId !== null) q = q.where('user_id', '=', ownerId)
  return q.returningAll().executeTakeFirst()
}

/** True for the error an edit gives when its new terms equal another saved search of the same user. */
export function isDuplicateTerms(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false
  const { code, constraint } = err as { code?: unknown; constraint?: unknown }
  return code === '23505' && constraint === TERMS_KEY
}

/** True for the error a save for an account that does not exist gives (an admin may name any user id). */
export function isUnknownUser(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false
  const { code, constraint } = err as { code?: unknown; constraint?: unknown }
  return code === '23503' && constraint === 'search_history_user_id_fkey'
}

/** True when there was such an item (of `ownerId`; null: any owner) to delete. */
export async function deleteItem(db: DbOrTx, id: string, ownerId: string | null): Promise<boolean> {
  let q = db.deleteFrom('search_history').where('id', '=', id)
  if (ownerId !== null) q = q.where('user_id', '=', ownerId)
  const res = await q.executeTakeFirst()
  return Number(res.numDeletedRows) > 0
}

/** Deletes all of a user's saved searches; returns how many there were. */
export async function clearForUser(db: DbOrTx, userId: string): Promise<number> {
  const res = await db.deleteFrom('search_history').where('user_id', '=', userId).executeTakeFirst()
  return Number(res.numDeletedRows)
}
