import type { Kysely } from 'kysely'
import { createTable, NOW, notNull } from './schema-helpers.js'

/** Settings of idea search that every process must agree on, e.g. the model searches are served with. */
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, 'search_state', {
    name: ['text', (c) => c.primaryKey()],
    value: notNull('text'),
    updated_at: NOW,
  }).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('search_state').execute()
}
