import type { Kysely } from 'kysely'
import { createTable, ID, NOW, notNull, cascadingRef, addIndex, dropTables } from './schema-helpers.js'

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
  await createTable(db, 'ghosts', {
    user_id: cascadingRef('users.id'),
    podcast_id: cascadingRef('podcasts.id'),
    episode_id: 'char(24)',
    created_at: notNull('timestamptz'),
  })
    .addPrimaryKeyConstraint('ghosts_pkey', ['user_id', 'podcast_id'])
    .execute()
  await addIndex(db, 'ghosts', 'ghosts_podcast_idx', 'podcast_id')

  await createTable(db, 'report_types', {
    id: ID,
    type: ['text', (c) => c.notNull().unique()],
    is_active: notNull('boolean', true),
    sort_order: notNull('integer', 0),
  }).execute()
  await db
    .insertInto('report_types')
    .values(reportTypes.map(([id, type, sort_order]) => ({ id, type, sort_order })))
    .execute()

  // One report per reader, title and reason: a repeated report changes nothing.
  await createTable(db, 'reports', {
    id: ID,
    user_id: cascadingRef('users.id'),
    report_type_id: ['char(24)', (c) => c.notNull().references('report_types.id')],
    podcast_id: cascadingRef('podcasts.id'),
    episode_id: 'char(24)',
    created_at: NOW,
  })
    .addUniqueConstraint('reports_once_key', ['user_id', 'podcast_id', 'report_type_id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, 'reports', 'report_types', 'ghosts')
}
