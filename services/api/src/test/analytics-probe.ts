import { createChdbStore, migrateAnalytics, sqlString, type AnalyticsStore } from '@bookstrut/analytics'
import type { TestApp } from './test-app.js'

/**
 * The analytics store a test app's workers write to (the same chDB session of this process), for assertions; its
 * tables made, as the worker makes them before its first batch.
 */
export async function analyticsOf(t: Pick<TestApp, 'config'>): Promise<AnalyticsStore> {
  const store = createChdbStore(t.config.analytics.chdbDir)
  await migrateAnalytics(store)
  return store
}

export interface StoredEvent {
  id: string
  type: string
  podcast_id: string
  actor: string
  user_id: string
  anonymous_id: string
  search_mode: string
  search_rank: number
  search_scores: number[]
  seconds: number
}

/** The distinct events stored about some books (one row per event id, whatever the duplicates), by rank then id. */
export async function storedEvents(
  store: AnalyticsStore,
  bookIds: readonly string[],
): Promise<StoredEvent[]> {
  if (bookIds.length === 0) return []
  const rows = await store.select(`
    SELECT id, any(type) AS type, any(podcast_id) AS podcast_id, any(actor) AS actor, any(user_id) AS user_id,
      any(anonymous_id) AS anonymous_id, any(search_mode) AS search_mode, any(search_rank) AS search_rank,
      any(search_scores) AS search_scores, any(seconds) AS seconds
    FROM (SELECT * FROM events WHERE podcast_id IN (${bookIds.map(sqlString).join(', ')}))
    GROUP BY id ORDER BY search_rank, id`)
  return rows as StoredEvent[]
}
