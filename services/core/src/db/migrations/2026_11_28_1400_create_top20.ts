import type { Kysely } from 'kysely'
import { createTable, ID, NOW, notNull, cascadingRef, addIndex, dropTables } from './schema-helpers.js'

/**
 * The Top 20 (issue 14): each ranking the top20 job computes, with its time and its titles in order, and each
 * title's days in the Top 20 (one row per title and UTC day it was in a ranking, so a day counts once however
 * many rankings ran that day). In Postgres rather than ClickHouse: a few rows a run, read on every home page
 * together with the listings themselves, and written in one transaction with the days.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, 'top20_rankings', {
    id: ID,
    computed_at: notNull('timestamptz'),
  }).execute()
  await addIndex(db, 'top20_rankings', 'top20_rankings_time_idx', 'computed_at')
  await createTable(db, 'top20_entries', {
    ranking_id: cascadingRef('top20_rankings.id'),
    position: notNull('integer'),
    podcast_id: cascadingRef('podcasts.id'),
    score: notNull('double precision'),
    readers: notNull('integer'),
  })
    .addPrimaryKeyConstraint('top20_entries_pkey', ['ranking_id', 'position'])
    .execute()
  // A title's removal cascades here: without this it would scan every kept ranking.
  await addIndex(db, 'top20_entries', 'top20_entries_podcast_idx', 'podcast_id')
  await createTable(db, 'top20_days', {
    podcast_id: cascadingRef('podcasts.id'),
    day: notNull('date'),
    created_at: NOW,
  })
    .addPrimaryKeyConstraint('top20_days_pkey', ['podcast_id', 'day'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, 'top20_days', 'top20_entries', 'top20_rankings')
}
