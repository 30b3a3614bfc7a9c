/*
 * @bookstrut/analytics: what readers do with books and what authors see of it — accepting events (the one way
 * events, reactions and impressions are queued), reactions (likes and favourites, and the reader's flags on every
 * book list), the home page's Top 20, the insights read model, the analytics store (chDB or a ClickHouse server)
 * and its queries, the counting rules, visitor identity, the Top 20's anomaly guard and its repository, and the
 * ingest loop. Use cases take the app's deps first and know nothing of HTTP. The exports are named.
 */
export type { AnalyticsDeps } from './deps.js'
export type { AnalyticsStore } from './analytics-store.js'
export { openAnalyticsStore, migrateAnalytics } from './open-analytics-store.js'
export { createChdbStore } from './chdb-store.js'
export { insertEvents } from './insert-events.js'
export { queueEvents } from './queue-events.js'
export { impressionEvents, type Searcher } from './impressions.js'
export { sqlString } from './sql-literals.js'
export { VISITORS_PER_ADDRESS, visitorId, visitorNetwork } from './visitor-identity.js'
export { guardDiscount, type HeldEntry } from './top20-guard.js'
export * as top20Repo from './db/top20.repository.js'
export { runIngestLoop, type IngestLoopOptions } from './ingest/ingest-loop.js'
export { bookEventCounts } from './queries/book-event-counts.js'
export { pageViews } from './queries/page-views.js'
export { bookListening } from './queries/book-listening.js'
export {
  ADDRESS_DAY_CAP,
  NETWORK_DAY_CAP,
  engagementRanking,
  rankingWindow,
  type EngagementScore,
} from './queries/engagement-ranking.js'
export { addressBursts } from './queries/address-bursts.js'
export {
  acceptEvents,
  QUEUE_RETRY_AFTER_SECONDS,
  type EventLimits,
  type EventSender,
  type EventsDeps,
} from './events/accept-events.js'
export { acceptPageView } from './events/page-view.js'
export { isBotAgent } from './events/bot-agents.js'
export { bookForReader, withReactionFlags } from './reactions/reaction-flags.js'
export {
  addReaction,
  dailyReactionEventId,
  listFavorites,
  reactionEventId,
  removeReaction,
  type ReactionDeps,
  type ReactionLimits,
} from './reactions/reactions.js'
export { homeTop20 } from './top20/home-top20.js'
export { getInsights, getInsightsSeries, type FoundItReads, type InsightsDeps } from './insights/insights.js'
