import { sql, type Kysely } from 'kysely'

/*
 * Edits do not take a live book down (issue 48): an edit of an approved listing waits here for moderation while the
 * approved version stays public. One row per listing (a later edit merges into it); approving applies it to the
 * listing, rejecting keeps the live version and the row (status rejected, with the admin's comment) until the next
 * edit. `book_patch` holds podcasts columns, `episode_patch` the podblurb's (file_url, duration, transcript).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('listing_pending_changes')
    .addColumn('podcast_id', 'char(24)', (c) => c.primaryKey().references('podcasts.id').onDelete('cascade'))
    .addColumn('episode_id', 'char(24)', (c) => c.references('episodes.id').onDelete('set null'))
    .addColumn('book_patch', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('episode_patch', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'rejected')`),
    )
    .addColumn('status_comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('listing_pending_changes_waiting_idx')
    .on('listing_pending_changes')
    .column('submitted_at')
    .where(sql.ref('status'), '=', 'pending')
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('listing_pending_changes').execute()
}
