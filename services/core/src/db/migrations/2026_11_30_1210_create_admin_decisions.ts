import { type Kysely } from 'kysely'
import { createTable, notNull, addIndex } from './schema-helpers.js'

/**
 * What the admin console decides besides the audit log (issue 33):
 * - reports: when a report was resolved, by whom and with what note (a group of reports of one title and type is
 *   resolved together; new reports of it open the group again).
 * - `top20_releases`: an admin's word on a title the Top 20's anomaly guard holds: `release` lets the next rankings
 *   count it despite the guard until `until`, `keep` confirms the hold. One row per title, the latest word wins.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('reports')
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolved_by', 'char(24)')
    .addColumn('resolution_note', 'text')
    .execute()
  await addIndex(db, 'reports', 'reports_podcast_type_idx', ['podcast_id', 'report_type_id'])
  await createTable(db, 'top20_releases', {
    podcast_id: ['char(24)', (c) => c.primaryKey().references('podcasts.id').onDelete('cascade')],
    decision: notNull('varchar(16)'),
    until: notNull('timestamptz'),
    decided_by: notNull('char(24)'),
    decided_at: notNull('timestamptz'),
  }).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('top20_releases').execute()
  await db.schema.dropIndex('reports_podcast_type_idx').execute()
  await db.schema
    .alterTable('reports')
    .dropColumn('resolved_at')
    .dropColumn('resolved_by')
    .dropColumn('resolution_note')
    .execute()
}
