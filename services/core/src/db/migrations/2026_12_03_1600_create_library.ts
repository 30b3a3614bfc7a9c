import { sql, type Kysely } from 'kysely'
import { createTable, ID, NOW, notNull, cascadingRef, addIndex, dropTables } from './schema-helpers.js'

/*
 * A reader's library (issue 49): one shelf per reader and book (Want to read, Reading, Read, with the dates the
 * reader sets), and the imports of a Goodreads or StoryGraph export (their rows staged, matched and reported).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, 'library_imports', {
    id: ID,
    user_id: cascadingRef('users.id'),
    source: notNull('text'),
    status: notNull('text'),
    total_rows: notNull('integer'),
    processed_rows: notNull('integer', 0),
    shelved_rows: notNull('integer', 0),
    created_at: NOW,
    finished_at: 'timestamptz',
    undone_at: 'timestamptz',
  })
    .addCheckConstraint('library_imports_source', sql`source in ('goodreads', 'storygraph')`)
    .addCheckConstraint(
      'library_imports_status',
      sql`status in ('queued', 'running', 'done', 'failed', 'undone')`,
    )
    .execute()
  await addIndex(db, 'library_imports', 'library_imports_reader_idx', ['user_id', 'created_at'])

  // What the file said, row by row, as text (never evaluated), and what became of it.
  await createTable(db, 'library_import_rows', {
    import_id: cascadingRef('library_imports.id'),
    row_number: notNull('integer'),
    title: notNull('text'),
    author: notNull('text'),
    isbns: notNull(sql`text[]`),
    shelf: 'text',
    started_on: 'date',
    finished_on: 'date',
    outcome: 'text',
    book_id: ['char(24)', (c) => c.references('podcasts.id').onDelete('set null')],
  })
    .addPrimaryKeyConstraint('library_import_rows_pkey', ['import_id', 'row_number'])
    .execute()

  await createTable(db, 'shelf_entries', {
    user_id: cascadingRef('users.id'),
    book_id: cascadingRef('podcasts.id'),
    shelf: notNull('text'),
    started_on: 'date',
    finished_on: 'date',
    // the import that shelved it (undoing that import takes it off again); null when the reader shelved it
    import_id: ['char(24)', (c) => c.references('library_imports.id').onDelete('set null')],
    created_at: NOW,
    updated_at: NOW,
  })
    .addPrimaryKeyConstraint('shelf_entries_pkey', ['user_id', 'book_id'])
    .addCheckConstraint('shelf_entries_shelf', sql`shelf in ('want_to_read', 'reading', 'read')`)
    .addCheckConstraint(
      'shelf_entries_dates',
      sql`finished_on is null or started_on is null or started_on <= finished_on`,
    )
    .execute()
  // A shelf page: the reader's books on one shelf, latest first.
  await addIndex(db, 'shelf_entries', 'shelf_entries_page_idx', ['user_id', 'shelf', 'updated_at'])
  await addIndex(db, 'shelf_entries', 'shelf_entries_import_idx', 'import_id')

  // An import matches its rows by ISBN: the catalogue's ISBNs as bare digits (hyphens and spaces dropped).
  await db.schema
    .createIndex('podcasts_isbn_digits_idx')
    .on('podcasts')
    .expression(sql`regexp_replace(upper(isbn), '[^0-9X]', '', 'g')`)
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('podcasts_isbn_digits_idx').execute()
  await dropTables(db, 'shelf_entries', 'library_import_rows', 'library_imports')
}
