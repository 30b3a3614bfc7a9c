import { sql, type Kysely } from 'kysely'
import { dropTables } from './schema-helpers.js'

/**
 * Likes and favourites: one row per reader and title each (the unique key makes a double click one reaction).
 * The row id names the reaction: its analytics events are derived from it, so a retried request counts once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['likes', 'favorites']) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'char(24)', (c) => c.primaryKey())
      .addColumn('user_id', 'char(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('podcast_id', 'char(24)', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
      .addColumn('episode_id', 'char(24)')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint(`${table}_once_key`, ['user_id', 'podcast_id'])
      .execute()
    await db.schema.createIndex(`${table}_podcast_idx`).on(table).column('podcast_id').execute()
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, 'favorites', 'likes')
}
