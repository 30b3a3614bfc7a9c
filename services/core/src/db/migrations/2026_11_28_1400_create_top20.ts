import { sql, type Kysely } from 'kysely'

/**
 * The Top 20 (issue 14): each ranking the top20 job computes, with its time and its titles in order, and each
 * title's days in the Top 20 (one row per title and UTC day it was in a ranking, so a day counts once however
 * many rankings ran that day). In Postgres rather than ClickHouse: a few rows a run, read on every home page
 * together with the listings themselves, and written in one transaction with the days.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('top20_rankings')
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('computed_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('top20_rankings_time_idx').on('top20_rankings').column('computed_at').execute()
  await db.schema
    .createTable('top20_entries')
    .addColumn('ranking_id', 'char(24)', (c) =>
      c.notNull().references('top20_rankings.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('podcast_id', 'char(24)', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
    .addColumn('score', 'double precision', (c) => c.notNull())
    .addColumn('readers', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('top20_entries_pkey', ['ranking_id', 'position'])
    .execute()
  // A title's removal cascades here: without this it would scan every kept ranking.
  await db.schema.createIndex('top20_entries_podcast_idx').on('top20_entries').column('podcast_id').execute()
  await db.schema
    .createTable('top20_days')
    .addColumn('podcast_id', 'char(24)', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('top20_days_pkey', ['podcast_id', 'day'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('top20_days').execute()
  await db.schema.dropTable('top20_entries').execute()
  await db.schema.dropTable('top20_rankings').execute()
}
