import { sql, type Kysely } from 'kysely'

/**
 * Which source file (by SHA-256) a bulk import stored as a book's cover or podblurb, so that importing the same
 * file again reuses the stored copy instead of encoding and storing it anew.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('imported_media')
    .addColumn('source_id', 'text', (c) => c.notNull().references('podcasts.source_id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('cover', 'audio')`))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('imported_media_pkey', ['source_id', 'kind'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('imported_media').execute()
}
