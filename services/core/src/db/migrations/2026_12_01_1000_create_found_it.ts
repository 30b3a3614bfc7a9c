import { sql, type Kysely } from 'kysely'
import { addIndex } from './schema-helpers.js'

export async function up(db: Kysely<any>): Promise<void> {
  // "Found it" confirmations: one per reader, book and normalised idea (the unique key makes a repeat a no-op).
  await db.schema
    .createTable('found_it_confirmations')
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'char(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('podcast_id', 'char(24)', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
    .addColumn('idea_key', 'text', (c) => c.notNull())
    .addColumn('idea', 'text', (c) => c.notNull())
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('score', 'real', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('found_it_confirmations_once', ['user_id', 'podcast_id', 'idea_key'])
    .execute()
  // The agreement job reads a book's confirmations.
  await addIndex(db, 'found_it_confirmations', 'found_it_confirmations_book_idx', 'podcast_id')
  // Agreed ideas: what readers together say finds the book.
  await db.schema
    .createTable('book_found_ideas')
    .addColumn('podcast_id', 'char(24)', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
    .addColumn('idea_key', 'text', (c) => c.notNull())
    .addColumn('idea', 'text', (c) => c.notNull())
    .addColumn('readers', 'integer', (c) => c.notNull())
    .addColumn('networks', 'integer', (c) => c.notNull())
    .addColumn('agreed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('book_found_ideas_pkey', ['podcast_id', 'idea_key'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('book_found_ideas').execute()
  await db.schema.dropTable('found_it_confirmations').execute()
}
