import { sql } from 'kysely'
import { isPublic } from '@bookstrut/catalogue'
import type { Shelf } from '@bookstrut/schemas'
import type { LibraryDbOrTx } from './library.tables.js'

/** A shelf entry as the use cases read it: days as 'YYYY-MM-DD' text, never a local-midnight Date. */
export interface ShelfEntry {
  user_id: string
  book_id: string
  shelf: Shelf
  started_on: string | null
  finished_on: string | null
  import_id: string | null
  updated_at: Date
}

const entryColumns = [
  'shelf_entries.user_id',
  'shelf_entries.book_id',
  'shelf_entries.shelf',
  sql<string | null>`shelf_entries.started_on::text`.as('started_on'),
  sql<string | null>`shelf_entries.finished_on::text`.as('finished_on'),
  'shelf_entries.import_id',
  'shelf_entries.updated_at',
] as const

/** True when the book exists and the public may see it (catalogue's one rule): only those can be shelved. */
export async function isShelvable(db: LibraryDbOrTx, bookId: string): Promise<boolean> {
  const row = await db
    .selectFrom('podcasts')
    .select('id')
    .where('id', '=', bookId)
    .where(isPublic)
    .executeTakeFirst()
  return row !== undefined
}

/** Puts a book on a shelf, replacing the place it had (one shelf per reader and book: the primary key). */
export async function putOnShelf(
  db: LibraryDbOrTx,
  e: { userId: string; bookId: string; shelf: Shelf; startedOn: string | null; finishedOn: string | null },
  now: Date,
): Promise<ShelfEntry> {
  return db
    .insertInto('shelf_entries')
    .values({
      user_id: e.userId,
      book_id: e.bookId,
      shelf: e.shelf,
      started_on: e.startedOn,
      finished_on: e.finishedOn,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'book_id']).doUpdateSet({
        shelf: e.shelf,
        started_on: e.startedOn,
        finished_on: e.finishedOn,
        // The reader chose this place: it no longer belongs to an import (undoing that import leaves it).
        import_id: null,
        updated_at: now,
      }),
    )
    .returning(entryColumns)
    .executeTakeFirstOrThrow()
}

/** Takes a book off the reader's shelves; answers whether it was on one. */
export async function takeOffShelf(db: LibraryDbOrTx, userId: string, bookId: string): Promise<boolean> {
  const r = await db
    .deleteFrom('shelf_entries')
    .where('user_id', '=', userId)
    .where('book_id', '=', bookId)
    .executeTakeFirst()
  return r.numDeletedRows > 0n
}

export async function findEntry(
  db: LibraryDbOrTx,
  userId: string,
  bookId: string,
): Promise<ShelfEntry | undefined> {
  return db
    .selectFrom('shelf_entries')
    .select(entryColumns)
    .where('user_id', '=', userId)
    .where('book_id', '=', bookId)
    .executeTakeFirst()
}

/**
 * A reader's shelf entries of books the public may see (catalogue's rule): what every shelf page, count and stat
 * reads, so a book taken down since keeps its entry and leaves all of them alike.
 */
export const publicEntriesOf = (db: LibraryDbOrTx, userId: string) =>
  db
    .selectFrom('shelf_entries')
    .innerJoin('podcasts', 'podcasts.id', 'shelf_entries.book_id')
    .where('shelf_entries.user_id', '=', userId)
    .where(isPublic)

/**
 * One page of a shelf, latest first, of the books the public may still see (a book taken down since keeps its
 * entry, shown again if it comes back).
 */
export async function listShelf(
  db: LibraryDbOrTx,
  userId: string,
  shelf: Shelf,
  offset: number,
  limit: number,
): Promise<{ rows: ShelfEntry[]; total: number }> {
  const base = publicEntriesOf(db, userId).where('shelf_entries.shelf', '=', shelf)
  const [rows, count] = await Promise.all([
    base
      .select(entryColumns)
      .orderBy('shelf_entries.updated_at', 'desc')
      .orderBy('shelf_entries.book_id')
      .offset(offset)
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}

/** How many (publicly visible) books each of the reader's shelves holds. */
export async function countShelves(db: LibraryDbOrTx, userId: string): Promise<Record<Shelf, number>> {
  const rows = await publicEntriesOf(db, userId)
    .select(['shelf_entries.shelf', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('shelf_entries.shelf')
    .execute()
  const counts: Record<Shelf, number> = { want_to_read: 0, reading: 0, read: 0 }
  for (const r of rows) counts[r.shelf] = Number(r.n)
  return counts
}
