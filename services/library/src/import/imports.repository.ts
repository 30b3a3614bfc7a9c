import { sql } from 'kysely'
import type { ImportOutcome, ImportSource, Shelf } from '@bookstrut/schemas'
import type { LibraryDbOrTx, LibraryImportRow } from '../library.tables.js'
import type { ExportRow } from './export-formats.js'

/** Rows are written and matched this many at a time. */
export const ROW_BATCH = 250

export async function createImport(
  db: LibraryDbOrTx,
  i: { id: string; userId: string; source: ImportSource; totalRows: number; now: Date },
): Promise<LibraryImportRow> {
  return db
    .insertInto('library_imports')
    .values({
      id: i.id,
      user_id: i.userId,
      source: i.source,
      status: 'queued',
      total_rows: i.totalRows,
      created_at: i.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function stageRows(
  db: LibraryDbOrTx,
  importId: string,
  rows: readonly ExportRow[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROW_BATCH) {
    await db
      .insertInto('library_import_rows')
      .values(
        rows.slice(start, start + ROW_BATCH).map((r, i) => ({
          import_id: importId,
          row_number: start + i + 1,
          title: r.title,
          author: r.author,
          isbns: r.isbns,
          shelf: r.shelf,
          started_on: r.startedOn,
          finished_on: r.finishedOn,
        })),
      )
      .execute()
  }
}

export async function findImport(db: LibraryDbOrTx, importId: string): Promise<LibraryImportRow | undefined> {
  return db.selectFrom('library_imports').selectAll().where('id', '=', importId).executeTakeFirst()
}

/** The reader's imports, latest first. */
export async function listImports(
  db: LibraryDbOrTx,
  userId: string,
  limit: number,
): Promise<LibraryImportRow[]> {
  return db
    .selectFrom('library_imports')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute()
}

/** An unfinished import of the reader's (queued or running), if any: one runs at a time per reader. */
export async function unfinishedImport(
  db: LibraryDbOrTx,
  userId: string,
): Promise<LibraryImportRow | undefined> {
  return db
    .selectFrom('library_imports')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst()
}

export interface PendingRow {
  row_number: number
  title: string
  author: string
  isbns: string[]
  shelf: Shelf | null
  started_on: string | null
  finished_on: string | null
}

/** The next rows the import has not decided yet, in file order. */
export async function pendingRows(db: LibraryDbOrTx, importId: string, limit: number): Promise<PendingRow[]> {
  return db
    .selectFrom('library_import_rows')
    .select([
      'row_number',
      'title',
      'author',
      'isbns',
      'shelf',
      sql<string | null>`started_on::text`.as('started_on'),
      sql<string | null>`finished_on::text`.as('finished_on'),
    ])
    .where('import_id', '=', importId)
    .where('outcome', 'is', null)
    .orderBy('row_number')
    .limit(limit)
    .execute()
}

export async function recordOutcomes(
  db: LibraryDbOrTx,
  importId: string,
  outcomes: readonly { rowNumber: number; outcome: ImportOutcome; bookId: string | null }[],
): Promise<void> {
  if (outcomes.length === 0) return
  // One statement for the batch: the pairs as a VALUES list joined on the row number.
  const values = sql.join(
    outcomes.map((o) => sql`(${o.rowNumber}::integer, ${o.outcome}::text, ${o.bookId}::char(24))`),
  )
  await sql`
    update library_import_rows r set outcome = v.outcome, book_id = v.book_id
    from (values ${values}) as v(row_number, outcome, book_id)
    where r.import_id = ${importId} and r.row_number = v.row_number`.execute(db)
}

export async function countOutcomes(
  db: LibraryDbOrTx,
  importId: string,
): Promise<Partial<Record<ImportOutcome, number>>> {
  const rows = await db
    .selectFrom('library_import_rows')
    .select(['outcome', (eb) => eb.fn.countAll<number>().as('n')])
    .where('import_id', '=', importId)
    .where('outcome', 'is not', null)
    .groupBy('outcome')
    .execute()
  const counts: Partial<Record<ImportOutcome, number>> = {}
  for (const r of rows) if (r.outcome) counts[r.outcome] = Number(r.n)
  return counts
}

/** A page of the report: the rows as the file said them, with the book each matched. */
export async function reportRows(
  db: LibraryDbOrTx,
  importId: string,
  outcome: ImportOutcome | undefined,
  offset: number,
  limit: number,
) {
  let base = db.selectFrom('library_import_rows').where('library_import_rows.import_id', '=', importId)
  if (outcome) base = base.where('library_import_rows.outcome', '=', outcome)
  const [rows, count] = await Promise.all([
    base
      .leftJoin('podcasts', 'podcasts.id', 'library_import_rows.book_id')
      .select([
        'library_import_rows.row_number',
        'library_import_rows.title',
        'library_import_rows.author',
        'library_import_rows.isbns',
        'library_import_rows.shelf',
        'library_import_rows.outcome',
        'podcasts.id as book_id',
        'podcasts.title as book_title',
        'podcasts.author as book_author',
      ])
      .orderBy('library_import_rows.row_number')
      .offset(offset)
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}
