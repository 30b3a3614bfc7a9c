import { sql, type Kysely } from 'kysely'

/** The spec's plan table (reader-and-account section 3): price per month in USD, bookLimit -1 = unlimited. */
const plans = [
  {
    id: '0000000000000000000000a1',
    plan_name: 'Starter Strut',
    description: 'One free podblurb for one book. Analytics off.',
    price: '0',
    duration: -1,
    book_limit: 1,
    sort_order: 1,
  },
  {
    id: '0000000000000000000000a2',
    plan_name: 'Essential Strut',
    description: 'Two books with analytics.',
    price: '5.99',
    duration: 12,
    book_limit: 2,
    sort_order: 2,
  },
  {
    id: '0000000000000000000000a3',
    plan_name: 'Basic Strut',
    description: 'Five books with analytics.',
    price: '9.99',
    duration: 12,
    book_limit: 5,
    sort_order: 3,
  },
  {
    id: '0000000000000000000000a4',
    plan_name: 'Pro Strut',
    description: 'Ten books with analytics. Most popular.',
    price: '15.99',
    duration: 12,
    book_limit: 10,
    sort_order: 4,
  },
  {
    id: '0000000000000000000000a5',
    plan_name: 'Elite Strut',
    description: 'Unlimited books with analytics.',
    price: '24.99',
    duration: 12,
    book_limit: -1,
    sort_order: 5,
  },
]
import { addIndex } from './schema-helpers.js'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('plans')
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('plan_name', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('price', 'numeric(10, 2)', (c) => c.notNull())
    .addColumn('duration', 'integer', (c) => c.notNull())
    .addColumn('book_limit', 'integer', (c) => c.notNull())
    .addColumn('status', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.insertInto('plans').values(plans).execute()

  // One row per plan a user has held; exactly one is current (partial unique index).
  await db.schema
    .createTable('memberships')
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'char(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan_id', 'char(24)', (c) => c.notNull().references('plans.id'))
    .addColumn('price', 'numeric(10, 2)', (c) => c.notNull())
    .addColumn('book_limit', 'integer', (c) => c.notNull())
    .addColumn('purchase_date', 'timestamptz', (c) => c.notNull())
    .addColumn('expiry_date', 'timestamptz')
    .addColumn('is_current', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute()
  await db.schema
    .createIndex('memberships_current_key')
    .on('memberships')
    .column('user_id')
    .unique()
    .where(sql.ref('is_current'), '=', true)
    .execute()

  await db.schema
    .createTable('podcasts')
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('source_id', 'text', (c) => c.unique())
    .addColumn('create_by', 'char(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('category_name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('primary_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('secondary_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('additional_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('publisher', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('year_published', 'integer')
    .addColumn('isbn', 'text')
    .addColumn('language', 'text')
    .addColumn('youtube_url', 'text')
    .addColumn('tiktok_url', 'text')
    .addColumn('get_this_url', 'text')
    .addColumn('book_cover_image', 'text')
    .addColumn('author_image', 'text')
    .addColumn('status', 'smallint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`status in (0, 1, 2)`),
    )
    .addColumn('status_comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await addIndex(db, 'podcasts', 'podcasts_create_by_idx', ['create_by', 'created_at'])
  await addIndex(db, 'podcasts', 'podcasts_public_idx', ['status', 'created_at'])

  await db.schema
    .createTable('episodes')
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('podcast_id', 'char(24)', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
    .addColumn('part', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file_url', 'text')
    .addColumn('duration', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('transcript', 'text')
    .addColumn('year_published', 'integer')
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('listening_hours', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute()
  // One episode per part of a book: imports and edits upsert on it.
  await addIndex(db, 'episodes', 'episodes_podcast_part_key', ['podcast_id', 'part'], { unique: true })
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('episodes').execute()
  await db.schema.dropTable('podcasts').execute()
  await db.schema.dropTable('memberships').execute()
  await db.schema.dropTable('plans').execute()
}
