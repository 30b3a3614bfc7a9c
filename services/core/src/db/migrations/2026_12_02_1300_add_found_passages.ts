import { sql, type Kysely } from 'kysely'

/**
 * How many of a book's stored vectors are the passages of ideas readers agreed on ("found it", issue 45): they are
 * stored last, and the api keeps them apart from the book's own passages so that their influence on the ranking is
 * bounded (services/search/src/found-idea-influence.ts). 0 for every book embedded before: none had them apart.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('book_embeddings')
    .addColumn('found_passages', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('book_embeddings').dropColumn('found_passages').execute()
}
