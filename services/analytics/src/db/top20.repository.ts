import type { DbOrTx, Top20EntryRow, Top20HeldRow } from '@bookstrut/core'
import { isPublic } from '@bookstrut/catalogue'

/** How long rankings are kept: enough to look back on; days_in_top_20 lives in top20_days, kept for ever. */
export const RANKING_RETENTION_DAYS = 30

export interface NewRankingEntry {
  bookId: string
  score: number
  readers: number
}

/** A book the anomaly guard held out of the ranking, and why. */
export interface NewHeldBook extends NewRankingEntry {
  reason: string
  details: Record<string, number>
}

/**
 * Stores one ranking (entries in order, position 1 first) and the books held out of it, marks each of its books
 * as in the Top 20 on the ranking's UTC day (once per book and day), and drops rankings past the retention (their
 * held books with them). Pass a transaction: all or nothing.
 */
export async function saveRanking(
  db: DbOrTx,
  ranking: {
    id: string
    computedAt: Date
    entries: readonly NewRankingEntry[]
    held?: readonly NewHeldBook[]
  },
): Promise<void> {
  await db.insertInto('top20_rankings').values({ id: ranking.id, computed_at: ranking.computedAt }).execute()
  if (ranking.held && ranking.held.length > 0)
    await db
      .insertInto('top20_held')
      .values(
        ranking.held.map((h) => ({
          ranking_id: ranking.id,
          podcast_id: h.bookId,
          reason: h.reason,
          score: h.score,
          readers: h.readers,
          details: JSON.stringify(h.details),
          held_at: ranking.computedAt,
        })),
      )
      .execute()
  if (ranking.entries.length > 0) {
    await db
      .insertInto('top20_entries')
      .values(
        ranking.entries.map((e, i) => ({
          ranking_id: ranking.id,
          position: i + 1,
          podcast_id: e.bookId,
          score: e.score,
          readers: e.readers,
        })),
      )
      .execute()
    const day = ranking.computedAt.toISOString().slice(0, 10)
    await db
      .insertInto('top20_days')
      .values(ranking.entries.map((e) => ({ podcast_id: e.bookId, day })))
      .onConflict((oc) => oc.columns(['podcast_id', 'day']).doNothing())
      .execute()
  }
  const keepFrom = new Date(ranking.computedAt.getTime() - RANKING_RETENTION_DAYS * 86_400_000)
  await db.deleteFrom('top20_rankings').where('computed_at', '<', keepFrom).execute()
}

/** The newest ranking and its entries in order; undefined before the first ranking. */
export async function latestRanking(
  db: DbOrTx,
): Promise<{ id: string; computedAt: Date; entries: Top20EntryRow[] } | undefined> {
  const ranking = await db
    .selectFrom('top20_rankings')
    .selectAll()
    .orderBy('computed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!ranking) return undefined
  const entries = await db
    .selectFrom('top20_entries')
    .selectAll()
    .where('ranking_id', '=', ranking.id)
    .orderBy('position')
    .execute()
  return { id: ranking.id, computedAt: ranking.computed_at, entries }
}

/** On how many UTC days the book was in the Top 20. */
export async function daysInTop20(db: DbOrTx, bookId: string): Promise<number> {
  const row = await db
    .selectFrom('top20_days')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('podcast_id', '=', bookId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * The books among `ids` that may be in the Top 20 now: the public ones (catalogue's isPublic: approved, active,
 * and listed by an account that is not blocked). In no particular order.
 */
export async function rankableBooks(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .selectFrom('podcasts')
    .select('podcasts.id')
    .where('podcasts.id', 'in', ids)
    .where(isPublic)
    .execute()
  return new Set(rows.map((r) => r.id))
}

/**
 * Books held out of rankings by the anomaly guard (for admins): each book once, with its latest hold (a book
 * stays held ranking after ranking while its engagement stays suspicious), latest first, at most `limit`.
 */
export async function heldBooks(db: DbOrTx, limit: number): Promise<Top20HeldRow[]> {
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('top20_held')
        .selectAll()
        .distinctOn('podcast_id')
        .orderBy('podcast_id')
        .orderBy('held_at', 'desc')
        .as('latest'),
    )
    .selectAll()
    .orderBy('held_at', 'desc')
    .orderBy('score', 'desc')
    .limit(limit)
    .execute()
}
