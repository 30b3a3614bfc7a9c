import {
  lockedInsights,
  lockedSeries,
  titleInsights,
  titleSeries,
  type AnalyticsStore,
} from '@bookstrut/analytics'
import { effectivePlan } from '@bookstrut/billing'
import { booksRepo } from '@bookstrut/catalogue'
import { AppError, notFound } from '@bookstrut/core'
import type { Insights, InsightsPeriod, InsightsSeries } from '@bookstrut/schemas'
import type { Deps } from '../deps.js'

export interface InsightsDeps extends Deps {
  /** the analytics store, its tables made (app.analytics) */
  analytics: { ready(): Promise<AnalyticsStore> }
}

/**
 * Runs the analytics reads; a store that does not answer (a ClickHouse server down) is a clear 503 the panel can
 * retry, not a bare 500. Only store failures get here: the checks before it answered their own 4xx already.
 */
async function fromStore<T>(deps: InsightsDeps, read: (store: AnalyticsStore) => Promise<T>): Promise<T> {
  try {
    return await read(await deps.analytics.ready())
  } catch {
    // Not the store's message: it may name the server and its user.
    throw new AppError(503, 'INTERNAL', 'Analytics are unavailable for a moment. Please try again shortly.')
  }
}

/**
 * The title and whether its figures are locked (the owner's plan: a free plan locks them), before any analytics
 * query. The route's access policy has already let the caller through: rate-limited, the title's owner or an admin.
 */
async function ownedTitle(deps: InsightsDeps, bookId: string) {
  const book = await booksRepo.findBook(deps.db, bookId)
  if (!book) throw notFound('Podcast not found')
  const plan = await effectivePlan(deps.db, book.create_by, deps.clock.now())
  // The plan's catalogue price, not the price paid: a paid plan an operator granted for nothing (the demo
  // catalogue's owner) shows its figures; the free plan, and a paid plan once expired, lock them.
  return { podcast: book, locked: plan.rankPrice === 0 }
}

/** GET /lnsights: the title's all-time figures (since it was listed), or nulls on a free plan. */
export async function getInsights(deps: InsightsDeps, bookId: string): Promise<Insights> {
  const { podcast: book, locked } = await ownedTitle(deps, bookId)
  const now = deps.clock.now()
  if (locked) return lockedInsights(book, now)
  return titleInsights(deps.db, (read) => fromStore(deps, read), book, now)
}

/** GET /lnsights/series: the period's figures per bucket with its totals and the period's before (the read model). */
export async function getInsightsSeries(
  deps: InsightsDeps,
  bookId: string,
  period: InsightsPeriod,
): Promise<InsightsSeries> {
  const { podcast: book, locked } = await ownedTitle(deps, bookId)
  const now = deps.clock.now()
  if (locked) return lockedSeries(period, now)
  return titleSeries((read) => fromStore(deps, read), book.id, period, now)
}
