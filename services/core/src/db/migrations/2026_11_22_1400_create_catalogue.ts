import { sql, type Kysely } from 'kysely'
import { createTable, ID, notNull, cascadingRef, addIndex, dropTables } from './schema-helpers.js'

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

export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, 'plans', {
    id: ID,
    plan_name: ['text', (c) => c.notNull().unique()],
    description: notNull('text'),
    price: notNull('numeric(10, 2)'),
    duration: notNull('integer'),
    book_limit: notNull('integer'),
    status: notNull('boolean', true),
    sort_order: notNull('integer', 0),
  }).execute()
  await db.insertInto('plans').values(plans).execute()

  // One row per plan a user has held; exactly one is current (partial unique index).
  await createTable(db, 'memberships', {
    id: ID,
    user_id: cascadingRef('users.id'),
    plan_id: ['char(24)', (c) => c.notNull().references('plans.id')],
    price: notNull('numeric(10, 2)'),
    book_limit: notNull('integer'),
    purchase_date: notNull('timestamptz'),
    expiry_date: 'timestamptz',
    is_current: notNull('boolean', true),
  }).execute()
  await db.schema
    .createIndex('memberships_current_key')
    .on('memberships')
    .column('user_id')
    .unique()
    .where(sql.ref('is_current'), '=', true)
    .execute()

  await createTable(db, 'podcasts', {
    id: ID,
    source_id: ['text', (c) => c.unique()],
    create_by: cascadingRef('users.id'),
    title: notNull('text'),
    author: notNull('text'),
    category_name: notNull('text'),
    description: notNull('text'),
    primary_key: notNull('text', ''),
    secondary_key: notNull('text', ''),
    additional_key: notNull('text', ''),
    publisher: notNull('text', ''),
    year_published: 'integer',
    isbn: 'text',
    language: 'text',
    youtube_url: 'text',
    tiktok_url: 'text',
    get_this_url: 'text',
    book_cover_image: 'text',
    author_image: 'text',
    status: [
      'smallint',
      (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`status in (0, 1, 2)`),
    ],
    status_comment: notNull('text', ''),
    is_active: notNull('boolean', true),
    created_at: notNull('timestamptz'),
    updated_at: notNull('timestamptz'),
  }).execute()
  await addIndex(db, 'podcasts', 'podcasts_create_by_idx', ['create_by', 'created_at'])
  await addIndex(db, 'podcasts', 'podcasts_public_idx', ['status', 'created_at'])

  await createTable(db, 'episodes', {
    id: ID,
    podcast_id: cascadingRef('podcasts.id'),
    part: notNull('integer', 1),
    title: notNull('text', ''),
    description: notNull('text', ''),
    file_url: 'text',
    duration: notNull('real', 0),
    transcript: 'text',
    year_published: 'integer',
    likes: notNull('integer', 0),
    listening_hours: notNull('real', 0),
    created_at: notNull('timestamptz'),
  }).execute()
  // One episode per part of a book: imports and edits upsert on it.
  await addIndex(db, 'episodes', 'episodes_podcast_part_key', ['podcast_id', 'part'], { unique: true })
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, 'episodes', 'podcasts', 'memberships', 'plans')
}
