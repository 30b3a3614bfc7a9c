import type { Kysely } from 'kysely'
import { createTable, NOW, notNull, cascadingRef, addIndex, dropTables } from './schema-helpers.js'

/**
 * Idea search: the vectors of each book per embedding model (its ideas and description chunks, float32, one
 * after the other), with the hash of the text they were made from; and an outbox of analytics events (search
 * impressions) kept until the analytics pipeline takes them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, 'book_embeddings', {
    podcast_id: cascadingRef('podcasts.id'),
    model: notNull('text'),
    source_hash: notNull('text'),
    dimensions: notNull('integer'),
    passages: notNull('integer'),
    vectors: notNull('bytea'),
    updated_at: NOW,
  })
    .addPrimaryKeyConstraint('book_embeddings_pkey', ['model', 'podcast_id'])
    .execute()

  await createTable(db, 'event_outbox', {
    id: ['uuid', (c) => c.primaryKey()],
    type: notNull('text'),
    podcast_id: notNull('char(24)'),
    payload: notNull('jsonb'),
    created_at: notNull('timestamptz'),
  }).execute()
  await addIndex(db, 'event_outbox', 'event_outbox_created_at_idx', 'created_at')
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, 'event_outbox', 'book_embeddings')
}
