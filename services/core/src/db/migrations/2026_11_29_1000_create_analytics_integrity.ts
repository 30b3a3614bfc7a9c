import { sql, type Kysely } from 'kysely'

/**
 * Counts authors can trust (issue 29).
 * - `reaction_days`: the first like (or favourite) of each reader, title and UTC day. Its time is the `like`
 *   event's time and the day is part of the event's id, so liking, unliking and liking again the same day queues the
 *   same event again, which counts once (docs/analytics.md, "What counts once").
 * - `top20_held`: titles the anomaly guard kept out of a Top 20 ranking, with the reason and the figures behind it,
 *   for admins (the console shows them later). Removed with their ranking (30 days) or title.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reaction_days')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'char(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('podcast_id', 'char(24)', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('first_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('reaction_days_pkey', ['kind', 'user_id', 'podcast_id', 'day'])
    .execute()
  await db.schema.createIndex('reaction_days_day_idx').on('reaction_days').column('day').execute()
  await db.schema
    .createTable('top20_held')
    .addColumn('ranking_id', 'char(24)', (c) =>
      c.notNull().references('top20_rankings.id').onDelete('cascade'),
    )
    .addColumn('podcast_id', 'char(24)', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
    .addColumn('reason', 'varchar(32)', (c) => c.notNull())
    .addColumn('score', 'double precision', (c) => c.notNull())
    .addColumn('readers', 'integer', (c) => c.notNull())
    .addColumn('details', 'jsonb', (c) => c.notNull())
    .addColumn('held_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('top20_held_pkey', ['ranking_id', 'podcast_id'])
    .execute()
  await db.schema.createIndex('top20_held_podcast_idx').on('top20_held').column('podcast_id').execute()
  await db.schema.createIndex('top20_held_time_idx').on('top20_held').column('held_at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('top20_held').execute()
  await db.schema.dropTable('reaction_days').execute()
}
