/*
 * @bookstrut/analytics: what readers do with titles and what authors see of it — the analytics store (chDB or a
 * ClickHouse server) and its queries, the counting rules, visitor identity, the Top 20 and its anomaly guard,
 * and the events, reactions and Top 20 repositories in Postgres.
 */
export * as eventsRepo from './db/events.repository.js'
export * as reactionsRepo from './db/reactions.repository.js'
export * as top20Repo from './db/top20.repository.js'
export * from './analytics-store.js'
export * from './open-analytics-store.js'
export * from './insert-events.js'
export * from './counting-rules.js'
export { actorOf } from './event-rows.js'
export * from './queries/time-range.js'
export * from './queries/title-event-counts.js'
export * from './queries/page-views.js'
export * from './queries/title-listening.js'
export * from './queries/title-top-searches.js'
export * from './queries/title-idea-hits.js'
export * from './queries/engagement-ranking.js'
export * from './queries/address-bursts.js'
export * from './top20-guard.js'
export { createChdbStore } from './chdb-store.js'
export { createClickHouseStore } from './clickhouse-store.js'
export * from './queue-events.js'
export * from './sql-literals.js'
export * from './visitor-identity.js'
export * from './ingest/ingest-loop.js'
export * from './insights/title-insights.js'
