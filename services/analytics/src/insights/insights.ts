import { effectivePlan } from '@bookstrut/billing'
import { booksRepo } from '@bookstrut/catalogue'
import { AppError, notFound, type DbOrTx } from '@bookstrut/core'
import type { FoundItInsights, Insights, InsightsPeriod, InsightsSeries } from '@bookstrut/schemas'
import type { AnalyticsStore } from '../analytics-store.js'
import type { AnalyticsDeps } from '../deps.js'
import { bookFoundItConfirmations } from '../queries/book-found-it.js'
import { bookInsights, bookSeries, lockedInsights, lockedSeries } from './book-insights.js'

/**
 * What insights read of "found it" in Postgres: @bookstrut/search's found-it repository (foundItRepo), passed in
 * by the api, since search depends on analytics (it records impressions) and not the other way round.
 */
export interface FoundItReads {
  /** How many readers stand behind the book's confirmations. */
  bookReaders(db: DbOrTx, bookId: string): Promise<number>
  /** The book's agreed (and approved) ideas, most readers first. */
  agreedIdeasOf(db: DbOrTx, bookId: string): Promise<ReadonlyArray<{ idea: string; readers: number }>>
}

export interface InsightsDeps extends AnalyticsDeps {
  /** the analytics store, its tables made (app.analytics) */
  analytics: { ready(): Promise<AnalyticsStore> }
  foundIt: FoundItReads
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
 * The book and whether its figures are locked (the owner's plan: a free plan locks them), before any analytics
 * query. The route's access policy has already let the caller through: rate-limited, the book's owner or an admin.
 */
async function ownedBook(deps: InsightsDeps, bookId: string) {
  const book = await booksRepo.findBook(deps.db, bookId)
  if (!book) throw notFound('Podcast not found')
  const plan = await effectivePlan(deps.db, book.create_by, deps.clock.now())
  // The plan's catalogue price, not the price paid: a paid plan an operator granted for nothing (the demo
  // catalogue's owner) shows its figures; the free plan, and a paid plan once expired, lock them.
  return { book, locked: plan.rankPrice === 0 }
}

/** GET /lnsights: the book's all-time figures (since it was listed), or nulls on a free plan. */
export async function getInsights(deps: InsightsDeps, bookId: string): Promise<Insights> {
  const { book, locked } = await ownedBook(deps, bookId)
  const now = deps.clock.now()
  if (locked)
    return { ...lockedInsights(book, now), foundIt: { confirmations: null, readers: null, ideas: null } }
  const [insights, foundIt] = await Promise.all([
    bookInsights(deps.db, (read) => fromStore(deps, read), book, now),
    foundItOf(deps, book.id, now),
  ])
  return { ...insights, foundIt }
}

/**
 * "Readers found your book with these ideas": the agreed ideas with their readers, the standing confirmations
 * (events store) and readers (database). An idea not agreed on is never listed, not even as a count of its own.
 */
async function foundItOf(deps: InsightsDeps, bookId: string, now: Date): Promise<FoundItInsights> {
  const [confirmations, readers, agreed] = await Promise.all([
    fromStore(deps, (store) => bookFoundItConfirmations(store, bookId, now)),
    deps.foundIt.bookReaders(deps.db, bookId),
    deps.foundIt.agreedIdeasOf(deps.db, bookId),
  ])
  return { confirmations, readers, ideas: agreed.map((a) => ({ idea: a.idea, readers: a.readers })) }
}

/** GET /lnsights/series: the period's figures per bucket with its totals and the period's before (the read model). */
export async function getInsightsSeries(
  deps: InsightsDeps,
  bookId: string,
  period: InsightsPeriod,
): Promise<InsightsSeries> {
  const { book, locked } = await ownedBook(deps, bookId)
  const now = deps.clock.now()
  if (locked) return lockedSeries(period, now)
  return bookSeries((read) => fromStore(deps, read), book.id, period, now)
}
