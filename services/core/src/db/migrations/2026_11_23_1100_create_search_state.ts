import { sql, type Kysely } from 'kysely'

/** Settings of idea search that every process must agree on, e.g. the model searches are served with. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('search_state')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('search_state').execute()
}
