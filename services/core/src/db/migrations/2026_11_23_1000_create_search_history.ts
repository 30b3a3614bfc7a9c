import { sql, type Kysely } from 'kysely'
import { addIndex } from './schema-helpers.js'

export async function up(db: Kysely<any>): Promise<void> {
  // Saved searches: the three ideas of an idea search, per user.
  await db.schema
    .createTable('search_history')
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'char(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('first_term', 'text', (c) => c.notNull())
    .addColumn('second_term', 'text', (c) => c.notNull())
    .addColumn('third_term', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
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
