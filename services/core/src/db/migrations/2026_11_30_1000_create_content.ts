import { sql, type Kysely } from 'kysely'
import { createTable, ID, NOW, notNull, addIndex, dropTables } from './schema-helpers.js'

/**
 * The content domain (issue 32): FAQ, blog posts, contact messages, the home page's featured video. HTML columns
 * hold text already sanitized on write (services/content); it is sanitized again when rendered.
 */

/** What FAQs and blog posts both carry, after their own columns: related links, the active flag and their dates. */
const entryColumns = {
  related_links: notNull('jsonb', sql`'[]'::jsonb`),
  is_active: notNull('boolean', true),
  created_at: NOW,
  updated_at: NOW,
}

export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, 'faqs', {
    id: ID,
    question: notNull('text'),
    answer: notNull('text'),
    sort_order: notNull('integer', 0),
    ...entryColumns,
  }).execute()
  await addIndex(db, 'faqs', 'faqs_order', ['sort_order', 'id'])

  await createTable(db, 'blog_posts', {
    id: ID,
    slug: ['text', (c) => c.notNull().unique()],
    title: notNull('text'),
    summary: notNull('text', ''),
    excerpt: notNull('text', ''),
    content: notNull('text', ''),
    sections: notNull('jsonb', sql`'[]'::jsonb`),
    category: notNull('text', 'General'),
    seo_title: notNull('text', ''),
    seo_description: notNull('text', ''),
    seo_keywords: notNull('jsonb', sql`'[]'::jsonb`),
    ...entryColumns,
  }).execute()
  await addIndex(db, 'blog_posts', 'blog_posts_created', ['created_at', 'id'])

  await createTable(db, 'contact_messages', {
    id: ID,
    name: notNull('text'),
    email: notNull('text'),
    subject: notNull('text'),
    message: notNull('text'),
    user_id: ['char(24)', (c) => c.references('users.id').onDelete('set null')],
    ip: 'text',
    created_at: NOW,
  }).execute()

  await db.schema
    .alterTable('site_settings')
    .addColumn('home_page_media', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema
    .alterTable('information_pages')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('information_pages').dropColumn('updated_at').execute()
  await db.schema.alterTable('site_settings').dropColumn('home_page_media').execute()
  await dropTables(db, 'contact_messages', 'blog_posts', 'faqs')
}
