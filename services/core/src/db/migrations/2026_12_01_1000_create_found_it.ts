import type { Kysely } from 'kysely'
import { createTable, ID, NOW, notNull, cascadingRef, addIndex, dropTables } from './schema-helpers.js'

export async function up(db: Kysely<any>): Promise<void> {
  // "Found it" confirmations: one per reader, book and normalised idea (the unique key makes a repeat a no-op).
  await createTable(db, 'found_it_confirmations', {
    id: ID,
    user_id: cascadingRef('users.id'),
    podcast_id: cascadingRef('podcasts.id'),
    idea_key: notNull('text'),
    idea: notNull('text'),
    network: notNull('text'),
    rank: notNull('integer'),
    score: notNull('real'),
    created_at: NOW,
  })
    .addUniqueConstraint('found_it_confirmations_once', ['user_id', 'podcast_id', 'idea_key'])
    .execute()
  // The agreement job reads a book's confirmations.
  await addIndex(db, 'found_it_confirmations', 'found_it_confirmations_book_idx', 'podcast_id')
  // Agreed ideas: what readers together say finds the book.
  await createTable(db, 'book_found_ideas', {
    podcast_id: cascadingRef('podcasts.id'),
    idea_key: notNull('text'),
    idea: notNull('text'),
    readers: notNull('integer'),
    networks: notNull('integer'),
    agreed_at: NOW,
  })
    .addPrimaryKeyConstraint('book_found_ideas_pkey', ['podcast_id', 'idea_key'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, 'book_found_ideas', 'found_it_confirmations')
}
