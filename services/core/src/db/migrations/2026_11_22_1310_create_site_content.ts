import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('information_pages')
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('information_name', 'text', (c) => c.notNull())
    .addColumn('information_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('place_area', 'text', (c) => c.notNull().check(sql`place_area in ('menu', 'footer')`))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('site_settings')
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('facebook', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('instagram', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('youtube', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tiktok', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('support_email', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  // The one settings row; an empty support_email falls back to the SUPPORT_EMAIL setting.
  await db.insertInto('site_settings').values({ id: '000000000000000000000001' }).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_settings').execute()
  await db.schema.dropTable('information_pages').execute()
}
