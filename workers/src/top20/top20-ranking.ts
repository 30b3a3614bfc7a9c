import {
  addressBursts,
  engagementRanking,
  guardDiscount,
  rankingWindow,
  top20Repo,
  type AnalyticsStore,
  type EngagementScore,
  type HeldEntry,
} from '@bookstrut/analytics'
import { adminConsoleRepo } from '@bookstrut/admin'
import { newId, type Db } from '@bookstrut/core'

/** How many books the home page's "TOP 20 BOOK STRUTS" shows. */
export const TOP20_SIZE = 20
/**
 * How many of the best-scoring books are read from the analytics store before the books that may not appear
 * (pending, rejected, deactivated, or listed by a blocked account) are left out: far more than 20 such books
 * among the best is not expected.
 */
const CANDIDATES = 200

/** The ranking's order (engagement-ranking.ts): score, then readers, then id. */
const byRank = (a: EngagementScore, b: EngagementScore) =>
  b.score - a.score || b.readers - a.readers || (a.bookId < b.bookId ? -1 : a.bookId > b.bookId ? 1 : 0)

export interface Top20Deps {
  db: Db
  store: AnalyticsStore
}

/**
 * Ranks books by engagement over the last 7 days as of `now` (formula: engagement-ranking.ts in analytics), leaves
 * out the books that may not appear, ranks those the anomaly guard flags on their score less the discounted
 * visitors' share (top20-guard.ts in analytics), keeps the 20 best, and stores the ranking with its time, its books'
 * day in the Top 20 and the discounted ("held") books with what was discounted and why (for admins), in one
 * transaction. An empty ranking (no engagement at all) is stored too: the home page then shows the newest books.
 */
export async function rankTop20(deps: Top20Deps, now: Date): Promise<EngagementScore[]> {
  const candidates = await engagementRanking(deps.store, now, CANDIDATES)
  const allowed = await top20Repo.rankableBooks(
    deps.db,
    candidates.map((c) => c.bookId),
  )
  const rankable = candidates.filter((c) => allowed.has(c.bookId))
  const bursts = await addressBursts(
    deps.store,
    rankable.map((c) => c.bookId),
    { from: rankingWindow(now).from, to: now },
  )
  // Books an admin released from the guard (the admin console, docs/admin.md) rank on their counted engagement.
  const released = await adminConsoleRepo.releasedBooks(deps.db, now)
  const held: HeldEntry[] = []
  const counted: EngagementScore[] = []
  for (const c of rankable) {
    const hold = released.has(c.bookId) ? null : guardDiscount(c, bursts.get(c.bookId))
    if (hold) held.push(hold)
    if (!hold) counted.push(c)
    // What is left once the visitors' share is discounted is its signed-in readers' own.
    else if (hold.countedScore > 0) counted.push({ ...c, score: hold.countedScore, anonymousScore: 0 })
  }
  const entries = counted.sort(byRank).slice(0, TOP20_SIZE)
  await deps.db.transaction().execute((trx) =>
    top20Repo.saveRanking(trx, {
      id: newId(now.getTime()),
      computedAt: now,
      entries,
      held: held.map((h) => ({
        bookId: h.entry.bookId,
        score: h.entry.score,
        readers: h.entry.readers,
        reason: h.reason,
        details: h.details,
      })),
    }),
  )
  return entries
}
