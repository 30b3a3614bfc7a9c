import type { Kysely } from 'kysely'
import { createTable, NOW, notNull, cascadingRef, addIndex, dropTables } from './schema-helpers.js'

/**
 * "Books about <idea>" topic pages (issue 32, docs/seo.md): the ideas several readers searched for, each with the
 * books the idea search finds for it and their Strut scores. Written only by the topics job, which replaces the
 * whole set in one transaction; a book's removal cascades out of its topics.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, 'topics', {
    slug: ['text', (c) => c.primaryKey()],
    idea: notNull('text'),
    position: notNull('integer'),
    searchers: notNull('integer'),
    refreshed_at: NOW,
  }).execute()
  await createTable(db, 'topic_books', {
    slug: cascadingRef('topics.slug', 'text'),
    position: notNull('integer'),
    podcast_id: cascadingRef('podcasts.id'),
    strut_score: notNull('double precision'),
  })
    .addPrimaryKeyConstraint('topic_books_pkey', ['slug', 'position'])
    .execute()
  // A book's removal cascades here: without this it would scan every topic's books.
  await addIndex(db, 'topic_books', 'topic_books_podcast_idx', 'podcast_id')
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, 'topic_books', 'topics')
}
