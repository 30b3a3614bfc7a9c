import { sql, type Kysely } from 'kysely'

/**
 * An author's page (GET /author/books) finds the books by their author's name, ignoring case: without this it
 * would read every listing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('podcasts_author_key_idx')
    .on('podcasts')
    .expression(sql`lower(author)`)
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('podcasts_author_key_idx').execute()
}
