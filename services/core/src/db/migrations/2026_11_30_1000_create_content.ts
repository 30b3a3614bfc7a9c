import { sql, type CreateTableBuilder, type Kysely } from 'kysely'

/**
 * The content domain (issue 32): FAQ, blog posts, contact messages, the home page's featured video. HTML columns
 * hold text already sanitized on write (services/content); it is sanitized again when rendered.
 */
/** What FAQs and blog posts both carry: related links, the active flag and their dates. */
const entryColumns = (table: CreateTableBuilder<any, any>) =>
  table
    .addColumn('related_links', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))

export async function up(db: Kysely<any>): Promise<void> {
  await entryColumns(
    db.schema
      .createTable('faqs')
      .addColumn('id', 'char(24)', (c) => c.primaryKey())
      .addColumn('question', 'text', (c) => c.notNull())
      .addColumn('answer', 'text', (c) => c.notNull())
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute()
  await db.schema.createIndex('faqs_order').on('faqs').columns(['sort_order', 'id']).execute()

  const blogPosts = db.schema
    .createTable('blog_posts')
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sections', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('category', 'text', (c) => c.notNull().defaultTo('General'))
    .addColumn('seo_title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('seo_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('seo_keywords', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
  await entryColumns(blogPosts).execute()
  await db.schema.createIndex('blog_posts_created').on('blog_posts').columns(['created_at', 'id']).execute()

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('user_id', 'char(24)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

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
  await db.schema.dropTable('contact_messages').execute()
  await db.schema.dropTable('blog_posts').execute()
  await db.schema.dropTable('faqs').execute()
}
