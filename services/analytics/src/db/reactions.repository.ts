import { sql } from 'kysely'
import type { DbOrTx, ReactionRow } from '@bookstrut/core'
import { readerBooks } from '@bookstrut/catalogue'

/** The two reactions a reader can have to a book, each its own table of the same shape. */
export type ReactionKind = 'likes' | 'favorites'

/**
 * Records the reaction once per reader and book (a repeat changes nothing) and answers the stored row, new or
 * earlier, and whether this call made it. A new like raises the book's `likes` (and its episode's, when it was given
 * on one) in the same transaction.
 */
export async function addReaction(
  db: DbOrTx,
  kind: ReactionKind,
  r: { id: string; userId: string; bookId: string; episodeId: string | null; now: Date },
): Promise<{ row: ReactionRow; created: boolean }> {
  const inserted = await db
    .insertInto(kind)
    .values({
      id: r.id,
      user_id: r.userId,
      podcast_id: r.bookId,
      episode_id: r.episodeId,
      created_at: r.now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'podcast_id']).doNothing())
    .returningAll()
    .executeTakeFirst()
  if (inserted) {
    if (kind === 'likes') await bumpLikes(db, inserted, 1)
    return { row: inserted, created: true }
  }
  const row = await db
    .selectFrom(kind)
    .selectAll()
    .where('user_id', '=', r.userId)
    .where('podcast_id', '=', r.bookId)
    .executeTakeFirstOrThrow()
  return { row, created: false }
}

/** Removes the reaction; answers the removed row (undefined when there was none). An unlike lowers `likes`. */
export async function removeReaction(
  db: DbOrTx,
  kind: ReactionKind,
  userId: string,
  bookId: string,
): Promise<ReactionRow | undefined> {
  const removed = await db
    .deleteFrom(kind)
    .where('user_id', '=', userId)
    .where('podcast_id', '=', bookId)
    .returningAll()
    .executeTakeFirst()
  if (removed && kind === 'likes') await bumpLikes(db, removed, -1)
  return removed
}

/** Moves the book's like count (one per reader: the row is unique per reader and book) and its episode's. */
async function bumpLikes(db: DbOrTx, like: Pick<ReactionRow, 'podcast_id' | 'episode_id'>, by: 1 | -1) {
  await db
    .updateTable('podcasts')
    .set({ likes: sql<number>`greatest(0, likes + ${by})` })
    .where('id', '=', like.podcast_id)
    .execute()
  if (like.episode_id)
    await db
      .updateTable('episodes')
      .set({ likes: sql<number>`greatest(0, likes + ${by})` })
      .where('id', '=', like.episode_id)
      .execute()
}

/** Which of the given books the reader likes and has among their favourites. */
export async function reactionFlags(
  db: DbOrTx,
  userId: string,
  bookIds: readonly string[],
): Promise<{ liked: Set<string>; favorited: Set<string> }> {
  if (bookIds.length === 0) return { liked: new Set(), favorited: new Set() }
  const ids = [...new Set(bookIds)]
  const of = (kind: ReactionKind) =>
    db
      .selectFrom(kind)
      .select('podcast_id')
      .where('user_id', '=', userId)
      .where('podcast_id', 'in', ids)
      .execute()
      .then((rows) => new Set(rows.map((r) => r.podcast_id)))
  const [liked, favorited] = await Promise.all([of('likes'), of('favorites')])
  return { liked, favorited }
}

/** A reader's favourite books, most recently added first; only public ones (approved and active). */
export const listFavorites = (db: DbOrTx, userId: string, offset: number, limit: number) =>
  readerBooks(db, 'favorites', userId, { offset, limit }, { publicOnly: true })

/** How many readers have the reaction to the book now (likes or favourites). */
export async function countReactions(db: DbOrTx, kind: ReactionKind, bookId: string): Promise<number> {
  const row = await db
    .selectFrom(kind)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('podcast_id', '=', bookId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * When the reader first liked (or favourited) the book on `now`'s UTC day: recorded by the first call of the day,
 * answered unchanged by every later one (an unlike and a new like the same day, a retried request). Pass the
 * transaction that stores the reaction.
 */
export async function firstReactionOfDay(
  db: DbOrTx,
  r: { kind: 'like' | 'favorite'; userId: string; bookId: string; now: Date },
): Promise<Date> {
  const day = r.now.toISOString().slice(0, 10)
  await db
    .insertInto('reaction_days')
    .values({ kind: r.kind, user_id: r.userId, podcast_id: r.bookId, day, first_at: r.now })
    .onConflict((oc) => oc.columns(['kind', 'user_id', 'podcast_id', 'day']).doNothing())
    .execute()
  const row = await db
    .selectFrom('reaction_days')
    .select('first_at')
    .where('kind', '=', r.kind)
    .where('user_id', '=', r.userId)
    .where('podcast_id', '=', r.bookId)
    .where('day', '=', sql<Date>`${day}::date`)
    .executeTakeFirstOrThrow()
  return row.first_at
}
