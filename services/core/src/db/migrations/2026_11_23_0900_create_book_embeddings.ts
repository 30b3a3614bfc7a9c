import { sql, type Kysely } from 'kysely'

/**
 * Idea search: the vectors of each book per embedding model (its ideas and description chunks, float32, one
 * after the other), with the hash of the text they were made from; and an outbox of analytics events (search
 * impressions) kept until the analytics pipeline takes them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('book_embeddings')
    .addColumn('podcast_id', 'char(24)', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('source_hash', 'text', (c) => c.notNull())
    .addColumn('dimensions', 'integer', (c) => c.notNull())
    .addColumn('passages', 'integer', (c) => c.notNull())
    .addColumn('vectors', 'bytea', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('book_embeddings_pkey', ['model', 'podcast_id'])
    .execute()

  await db.schema
    .createTable('event_outbox')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('podcast_id', 'char(24)', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('event_outbox_created_at_idx').on('event_outbox').column('created_at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('event_outbox').execute()
  await db.schema.dropTable('book_embeddings').execute()
}
