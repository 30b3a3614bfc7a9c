import { sql } from 'kysely'
import type { ReadingStats } from '@bookstrut/schemas'
import type { LibraryDeps } from './library-deps.js'
import { libraryDb, type LibraryDbOrTx } from './library.tables.js'
import { publicEntriesOf } from './shelves.repository.js'

/*
 * A reader's reading stats for My Dashboard, from their Read shelf: books finished per month and year (by the
 * finish date the reader set or the import brought) and the genres they read. Books the public can no longer see
 * are left out, as on the shelf pages. The ideas they save are search's (the api adds them).
 */

const GENRES_SHOWN = 8
const MONTHS_SHOWN = 12

const readShelf = (db: LibraryDbOrTx, userId: string) =>
  publicEntriesOf(db, userId).where('shelf_entries.shelf', '=', 'read')

/** Books on the Read shelf finished in each month ('YYYY-MM'), and how many have no finish date. */
async function readMonths(db: LibraryDbOrTx, userId: string) {
  const rows = await readShelf(db, userId)
    .select([
      sql<string | null>`to_char(shelf_entries.finished_on, 'YYYY-MM')`.as('month'),
      (eb) => eb.fn.countAll<string>().as('n'),
    ])
    .groupBy(sql`1`)
    .execute()
  return rows.map((r) => ({ month: r.month, books: Number(r.n) }))
}

/** The categories of the books on the Read shelf, most read first (then by name, so the order is stable). */
async function readGenres(db: LibraryDbOrTx, userId: string) {
  const rows = await readShelf(db, userId)
    .where(sql<boolean>`btrim(podcasts.category_name) <> ''`)
    .select([
      sql<string>`btrim(podcasts.category_name)`.as('genre'),
      (eb) => eb.fn.countAll<string>().as('n'),
    ])
    .groupBy(sql`1`)
    .orderBy(sql`2`, 'desc')
    .orderBy(sql`1`)
    .limit(GENRES_SHOWN)
    .execute()
  return rows.map((r) => ({ genre: r.genre, books: Number(r.n) }))
}

/** The twelve months up to the one holding `now` (UTC), oldest first, as 'YYYY-MM'. */
function lastMonths(now: Date, count = MONTHS_SHOWN): string[] {
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - i), 1))
    return d.toISOString().slice(0, 7)
  })
}

/** The reader's figures, but the ideas (search's): the caller is the reader, checked by the route. */
export async function readingStats(deps: LibraryDeps, userId: string): Promise<Omit<ReadingStats, 'ideas'>> {
  await deps.limits.consume('shelfReadsPerAccount', userId)
  const db = libraryDb(deps.db)
  const [months, genres] = await Promise.all([readMonths(db, userId), readGenres(db, userId)])
  const byMonth = new Map<string, number>()
  const byYear = new Map<number, number>()
  let readUndated = 0
  for (const m of months) {
    if (m.month === null) {
      readUndated += m.books
      continue
    }
    byMonth.set(m.month, m.books)
    const year = Number(m.month.slice(0, 4))
    byYear.set(year, (byYear.get(year) ?? 0) + m.books)
  }
  return {
    readByMonth: lastMonths(deps.clock.now()).map((month) => ({ month, books: byMonth.get(month) ?? 0 })),
    readByYear: [...byYear.entries()].sort(([a], [b]) => a - b).map(([year, books]) => ({ year, books })),
    readUndated,
    genres,
  }
}
