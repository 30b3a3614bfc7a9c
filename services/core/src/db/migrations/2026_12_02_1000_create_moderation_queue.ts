import { sql, type Kysely } from 'kysely'
import { createTable, ID, NOW, notNull, addIndex } from './schema-helpers.js'

/** The moderation statuses (issue 45): pending → approved / rejected; approved → withdrawn. */
const STATUS_CHECK = sql`status in ('pending', 'approved', 'rejected', 'withdrawn')`

/**
 * The moderation queue of readers' words (issue 45, docs/admin.md "Readers' words"): nothing a reader typed is
 * public, in the sitemap, on the home page or used in ranking until an admin approved it.
 * - `topic_candidates`: each idea the topics job found searched by enough readers and passing the filter, with
 *   the readers and networks behind it and the books its page would list. Only approved ones are copied into
 *   `topics`. A rejected or withdrawn slug keeps its row, so the job never queues it again.
 * - `book_found_ideas` gets the same status (existing rows wait as pending: none was approved by anybody) and an
 *   id the console names it by.
 * - `search_history.network`: the keyed hash of the saving address's network (as found it stores), so a topic
 *   candidate shows from how many places its readers searched. Searches saved before it have none.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, 'topic_candidates', {
    id: ID,
    slug: ['text', (c) => c.notNull().unique()],
    idea: notNull('text'),
    readers: notNull('integer'),
    networks: notNull('integer'),
    books: notNull('jsonb', sql`'[]'::jsonb`),
    status: notNull('varchar(16)', 'pending'),
    decided_by: 'char(24)',
    decided_at: 'timestamptz',
    created_at: NOW,
    seen_at: NOW,
  })
    .addCheckConstraint('topic_candidates_status_check', STATUS_CHECK)
    .execute()
  await addIndex(db, 'topic_candidates', 'topic_candidates_status_idx', ['status', 'seen_at'])

  await db.schema
    .alterTable('book_found_ideas')
    .addColumn('id', 'char(24)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('decided_by', 'char(24)')
    .addColumn('decided_at', 'timestamptz')
    .execute()
  await sql`update book_found_ideas set id = substr(md5(podcast_id || chr(31) || idea_key), 1, 24)`.execute(
    db,
  )
  // Rows written without one (fixtures, older code) still get an id; the repository writes ours (newId).
  await sql`alter table book_found_ideas alter column id set not null,
    alter column id set default substr(md5(random()::text || clock_timestamp()::text), 1, 24)`.execute(db)
  await sql`alter table book_found_ideas add constraint book_found_ideas_status_check check (${STATUS_CHECK})`.execute(
    db,
  )
  await addIndex(db, 'book_found_ideas', 'book_found_ideas_id_key', 'id', { unique: true })
  await addIndex(db, 'book_found_ideas', 'book_found_ideas_status_idx', ['status', 'agreed_at'])

  await db.schema.alterTable('search_history').addColumn('network', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('search_history').dropColumn('network').execute()
  await db.schema.dropIndex('book_found_ideas_status_idx').execute()
  await db.schema.dropIndex('book_found_ideas_id_key').execute()
  await sql`alter table book_found_ideas drop constraint book_found_ideas_status_check,
    drop column id, drop column status, drop column decided_by, drop column decided_at`.execute(db)
  await db.schema.dropTable('topic_candidates').execute()
}
