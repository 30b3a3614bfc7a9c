import { sql, type Kysely } from 'kysely'

const reportTypes = [
  ['0000000000000000000000b1', 'Spam or advertising', 1],
  ['0000000000000000000000b2', 'Inappropriate or offensive content', 2],
  ['0000000000000000000000b3', 'Copyright violation', 3],
  ['0000000000000000000000b4', 'Misleading information', 4],
  ['0000000000000000000000b5', 'Audio does not play or is broken', 5],
  ['0000000000000000000000b6', 'Other', 6],
] as const

export async function up(db: Kysely<any>): Promise<void> {
  // A reader hides a title from their own results; once per reader and title.
  await db.schema
    .createTable('ghosts')
    .addColumn('user_id', 'char(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('podcast_id', 'char(24)', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
    .addColumn('episode_id', 'char(24)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('ghosts_pkey', ['user_id', 'podcast_id'])
    .execute()
  await db.schema.createIndex('ghosts_podcast_idx').on('ghosts').column('podcast_id').execute()

  await db.schema
    .createTable('report_types')
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull().unique())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db
    .insertInto('report_types')
    .values(reportTypes.map(([id, type, sort_order]) => ({ id, type, sort_order })))
    .execute()

  // One report per reader, title and reason: a repeated report changes nothing.
  await db.schema
    .createTable('reports')
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'char(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('report_type_id', 'char(24)', (c) => c.notNull().references('report_types.id'))
    .addColumn('podcast_id', 'char(24)', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
    .addColumn('episode_id', 'char(24)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('reports_once_key', ['user_id', 'podcast_id', 'report_type_id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reports').execute()
  await db.schema.dropTable('report_types').execute()
  await db.schema.dropTable('ghosts').execute()
}
