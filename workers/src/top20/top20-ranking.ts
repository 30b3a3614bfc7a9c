import {
  engagementRanking,
  newId,
  top20Repo,
  type AnalyticsStore,
  type Db,
  type EngagementScore,
} from '@bookstrut/core'

/** How many titles the home page's "TOP 20 BOOK STRUTS" shows. */
export const TOP20_SIZE = 20
/**
 * How many of the best-scoring titles are read from the analytics store before the titles that may not appear
 * (pending, rejected, deactivated, or listed by a blocked account) are left out: far more than 20 such titles
 * among the best is not expected.
 */
const CANDIDATES = 200

export interface Top20Deps {
  db: Db
  store: AnalyticsStore
}

/**
 * Ranks titles by engagement over the last 7 days as of `now` (formula: engagement-ranking.ts in core), keeps the
 * 20 best that may appear, and stores the ranking with its time and its titles' day in the Top 20, in one
 * transaction. An empty ranking (no engagement at all) is stored too: the home page then shows the newest titles.
 */
export async function rankTop20(deps: Top20Deps, now: Date): Promise<EngagementScore[]> {
  const candidates = await engagementRanking(deps.store, now, CANDIDATES)
  const allowed = await top20Repo.rankableTitles(
    deps.db,
    candidates.map((c) => c.podcastId),
  )
  const entries = candidates.filter((c) => allowed.has(c.podcastId)).slice(0, TOP20_SIZE)
  await deps.db
    .transaction()
    .execute((trx) => top20Repo.saveRanking(trx, { id: newId(now.getTime()), computedAt: now, entries }))
  return entries
}
