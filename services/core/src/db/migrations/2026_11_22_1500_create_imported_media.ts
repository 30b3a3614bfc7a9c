import { sql, type Kysely } from 'kysely'
import { createTable, notNull, cascadingRef } from './schema-helpers.js'

/**
 * Which source file (by SHA-256) a bulk import stored as a book's cover or podblurb, so that importing the same
 * file again reuses the stored copy instead of encoding and storing it anew.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, 'imported_media', {
    source_id: cascadingRef('podcasts.source_id', 'text'),
    kind: ['text', (c) => c.notNull().check(sql`kind in ('cover', 'audio')`)],
    sha256: notNull('text'),
    url: notNull('text'),
  })
    .addPrimaryKeyConstraint('imported_media_pkey', ['source_id', 'kind'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('imported_media').execute()
}
