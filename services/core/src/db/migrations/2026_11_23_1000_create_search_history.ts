import { sql, type Kysely } from 'kysely'
import { createTable, ID, NOW, notNull, cascadingRef, addIndex } from './schema-helpers.js'

export async function up(db: Kysely<any>): Promise<void> {
  // Saved searches: the three ideas of an idea search, per user.
  await createTable(db, 'search_history', {
    id: ID,
    user_id: cascadingRef('users.id'),
    first_term: notNull('text'),
    second_term: notNull('text'),
    third_term: notNull('text'),
    created_at: NOW,
    updated_at: NOW,
  }).execute()
  // The same three terms (trimmed, any case) are one saved search per user: saving them again bumps
  // updated_at through `on conflict` on this index instead of adding a row.
  await sql`
    create unique index search_history_terms_key on search_history
      (user_id, lower(trim(first_term)), lower(trim(second_term)), lower(trim(third_term)))
  `.execute(db)
  // The list: a user's most recent first.
  await addIndex(db, 'search_history', 'search_history_user_recent_idx', ['user_id', 'updated_at desc'])
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('search_history').execute()
}
