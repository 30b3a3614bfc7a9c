import type { Kysely } from 'kysely'

/*
 * Where a saved search came from, as topics count places (issue 45): the keyed hash of the searcher's network
 * (IPv4 /24, IPv6 /48) that found-it confirmations store, so accounts behind one network count as one place. Rows
 * saved before this have none; topics count each of them as its reader's own place.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('search_history').addColumn('network', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('search_history').dropColumn('network').execute()
}
