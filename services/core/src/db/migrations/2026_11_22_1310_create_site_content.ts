import { sql, type Kysely } from 'kysely'
import { createTable, ID, NOW, notNull, dropTables } from './schema-helpers.js'

export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, 'information_pages', {
    id: ID,
    path: ['text', (c) => c.notNull().unique()],
    information_name: notNull('text'),
    information_description: notNull('text', ''),
    place_area: ['text', (c) => c.notNull().check(sql`place_area in ('menu', 'footer')`)],
    sort_order: notNull('integer', 0),
    is_active: notNull('boolean', true),
    created_at: NOW,
  }).execute()

  await createTable(db, 'site_settings', {
    id: ID,
    facebook: notNull('text', ''),
    instagram: notNull('text', ''),
    youtube: notNull('text', ''),
    tiktok: notNull('text', ''),
    support_email: notNull('text', ''),
  }).execute()
  // The one settings row; an empty support_email falls back to the SUPPORT_EMAIL setting.
  await db.insertInto('site_settings').values({ id: '000000000000000000000001' }).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, 'site_settings', 'information_pages')
}
