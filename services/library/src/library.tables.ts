import type { ColumnType, Kysely, Selectable, Transaction } from 'kysely'
import type { DB } from '@bookstrut/core'
import type { ImportOutcome, ImportSource, ImportStatus, Shelf } from '@bookstrut/schemas'

/*
 * The library's tables (migration 2026_12_03_1600_create_library). They are this package's own: the app's `DB`
 * does not list them, and the repositories reach them through `libraryDb` (kysely's `withTables`).
 */

/** A day column: written as 'YYYY-MM-DD'; read back through `::text` (pg would make a local-midnight Date). */
type Day = ColumnType<string | null, string | null | undefined, string | null>

/** One book on one shelf of one reader: the primary key (user_id, book_id) keeps it to one shelf at a time. */
export interface ShelfEntriesTable {
  user_id: string
  book_id: string
  shelf: Shelf
  started_on: Day
  finished_on: Day
  import_id: ColumnType<string | null, string | null | undefined, string | null>
  created_at: ColumnType<Date, Date, never>
  updated_at: Date
}
export type ShelfEntryRow = Selectable<ShelfEntriesTable>

/** One import of a reader's Goodreads or StoryGraph export. */
export interface LibraryImportsTable {
  id: string
  user_id: string
  source: ImportSource
  status: ImportStatus
  total_rows: number
  processed_rows: ColumnType<number, number | undefined, number>
  shelved_rows: ColumnType<number, number | undefined, number>
  created_at: ColumnType<Date, Date, never>
  finished_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  undone_at: ColumnType<Date | null, Date | null | undefined, Date | null>
}
export type LibraryImportRow = Selectable<LibraryImportsTable>

/** One row of an export as the file said it (plain text), and what the import made of it. */
export interface LibraryImportRowsTable {
  import_id: string
  row_number: number
  title: string
  author: string
  isbns: string[]
  shelf: Shelf | null
  started_on: Day
  finished_on: Day
  outcome: ColumnType<ImportOutcome | null, ImportOutcome | null | undefined, ImportOutcome | null>
  book_id: ColumnType<string | null, string | null | undefined, string | null>
}
export type StagedRow = Selectable<LibraryImportRowsTable>

// A type, not an interface: `withTables` takes a record of tables.
export type LibraryTables = {
  shelf_entries: ShelfEntriesTable
  library_imports: LibraryImportsTable
  library_import_rows: LibraryImportRowsTable
}
export type LibraryDB = DB & LibraryTables
export type LibraryDbOrTx = Kysely<LibraryDB> | Transaction<LibraryDB>

/** The app's database with the library's tables known to the query builder. */
export const libraryDb = <T extends Kysely<DB>>(db: T) =>
  db.withTables<LibraryTables>() as T extends Transaction<DB> ? Transaction<LibraryDB> : Kysely<LibraryDB>
