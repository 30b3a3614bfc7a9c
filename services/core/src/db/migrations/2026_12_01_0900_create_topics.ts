import { sql, type Kysely } from 'kysely'

/**
 * "Books about <idea>" topic pages (issue 32, docs/seo.md): the ideas several readers searched for, each with the
 * books the idea search finds for it and their Strut scores. Written only by the topics job, which replaces the
 * whole set in one transaction; a book's removal cascades out of its topics.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('topics')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('idea', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('searchers', 'integer', (c) => c.notNull())
    .addColumn('refreshed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createTable('topic_books')
    .addColumn('slug', 'text', (c) => c.notNull().references('topics.slug').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('podcast_id', 'char(24)', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
    .addColumn('strut_score', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('topic_books_pkey', ['slug', 'position'])
    .execute()
  // A book's removal cascades here: without this it would scan every topic's books.
  await db.schema.createIndex('topic_books_podcast_idx').on('topic_books').column('podcast_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('topic_books').execute()
  await db.schema.dropTable('topics').execute()
}
