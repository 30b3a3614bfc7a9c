import type { Kysely } from 'kysely'
import { createTable, NOW, notNull, cascadingRef, addIndex, dropTables } from './schema-helpers.js'

/**
 * Counts authors can trust (issue 29).
 * - `reaction_days`: the first like (or favourite) of each reader, title and UTC day. Its time is the `like`
 *   event's time and the day is part of the event's id, so liking, unliking and liking again the same day queues the
 *   same event again, which counts once (docs/analytics.md, "What counts once").
 * - `top20_held`: titles the anomaly guard kept out of a Top 20 ranking, with the reason and the figures behind it,
 *   for admins (the console shows them later). Removed with their ranking (30 days) or title.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, 'reaction_days', {
    kind: notNull('varchar(16)'),
    user_id: cascadingRef('users.id'),
    podcast_id: cascadingRef('podcasts.id'),
    day: notNull('date'),
    first_at: notNull('timestamptz'),
  })
    .addPrimaryKeyConstraint('reaction_days_pkey', ['kind', 'user_id', 'podcast_id', 'day'])
    .execute()
  await addIndex(db, 'reaction_days', 'reaction_days_day_idx', 'day')
  await createTable(db, 'top20_held', {
    ranking_id: cascadingRef('top20_rankings.id'),
    podcast_id: cascadingRef('podcasts.id'),
    reason: notNull('varchar(32)'),
    score: notNull('double precision'),
    readers: notNull('integer'),
    details: notNull('jsonb'),
    held_at: NOW,
  })
    .addPrimaryKeyConstraint('top20_held_pkey', ['ranking_id', 'podcast_id'])
    .execute()
  await addIndex(db, 'top20_held', 'top20_held_podcast_idx', 'podcast_id')
  await addIndex(db, 'top20_held', 'top20_held_time_idx', 'held_at')
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, 'top20_held', 'reaction_days')
}
