import type { AnalyticsStore } from './analytics-store.js'

/*
 * The analytics tables. `events` holds one row per event; ReplacingMergeTree keyed by the event id (inside its
 * book, day and type) folds a repeated insert of the same event away when parts merge, and every query counts
 * distinct ids, so counts are exact before any merge too. `events_hourly` keeps per book, hour and type the exact
 * sets behind the counts (uniqExact states): a duplicate row adds an id already in the set, so a retried batch
 * changes nothing there either. Day figures are the hours merged (UTC days).
 */
export const ANALYTICS_DDL = [
  `CREATE TABLE IF NOT EXISTS events (
    id String,
    type String,
    ts DateTime('UTC'),
    podcast_id String,
    episode_id String,
    user_id String,
    anonymous_id String,
    actor String,
    search_mode String,
    search_rank UInt32,
    search_scores Array(Float32),
    search_query Array(String),
    seconds Float64,
    clip_seconds Float64,
    ingested_at DateTime('UTC'),
    network String DEFAULT '',
    weight Float64 DEFAULT 1
  ) ENGINE = ReplacingMergeTree(ingested_at)
  PARTITION BY toYYYYMM(ts)
  ORDER BY (podcast_id, toDate(ts), type, id)`,
  `CREATE TABLE IF NOT EXISTS events_hourly (
    podcast_id String,
    hour DateTime('UTC'),
    type String,
    events AggregateFunction(uniqExact, String),
    counted AggregateFunction(uniqExact, String, UInt32),
    actors AggregateFunction(uniqExact, String)
  ) ENGINE = AggregatingMergeTree()
  PARTITION BY toYYYYMM(hour)
  ORDER BY (podcast_id, hour, type)`,
  // counted: one per actor and half-hour window (the window number is seconds since 1970 / 1800), which is how
  // plays, shares and clicks are counted: repeating them within the window adds nothing.
  `CREATE MATERIALIZED VIEW IF NOT EXISTS events_hourly_mv TO events_hourly AS
  SELECT
    podcast_id,
    toStartOfHour(ts) AS hour,
    type,
    uniqExactState(id) AS events,
    uniqExactState(actor, intDiv(toUInt32(ts), 1800)) AS counted,
    uniqExactState(actor) AS actors
  FROM events
  GROUP BY podcast_id, hour, type`,
]

/**
 * Columns added to `events` after it was first made (issue 45: where an event came from and how much its account
 * weighs, the Top 20's caps), for a table made before. Added only when missing, read from system.columns: the
 * ClickHouse server Debian ships (18.16) has no `ADD COLUMN IF NOT EXISTS`.
 */
const ADDED_EVENT_COLUMNS: Record<string, string> = {
  network: `String DEFAULT ''`,
  weight: 'Float64 DEFAULT 1',
}

/** Creates the tables and views when missing, and adds the later columns; safe to run at every start. */
export async function migrateAnalytics(store: AnalyticsStore): Promise<void> {
  for (const statement of ANALYTICS_DDL) await store.exec(statement)
  const present = new Set(
    (
      (await store.select(
        `SELECT name FROM system.columns WHERE database = currentDatabase() AND table = 'events'`,
      )) as { name: string }[]
    ).map((c) => c.name),
  )
  for (const [name, type] of Object.entries(ADDED_EVENT_COLUMNS))
    if (!present.has(name)) await store.exec(`ALTER TABLE events ADD COLUMN ${name} ${type}`)
}
