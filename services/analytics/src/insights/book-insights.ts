import type { DbOrTx } from '@bookstrut/core'
import type { booksRepo } from '@bookstrut/catalogue'
import {
  bookIdeas,
  Insights,
  type IdeaField,
  type InsightsPeriod,
  type InsightsSeries,
  type SeriesFigures,
  type SeriesPoint,
} from '@bookstrut/schemas'
import type { AnalyticsStore } from '../analytics-store.js'
import * as reactionsRepo from '../db/reactions.repository.js'
import * as top20Repo from '../db/top20.repository.js'
import type { TimeRange } from '../queries/time-range.js'
import { bookEventCounts, type EventCount } from '../queries/book-event-counts.js'
import { bookIdeaHits } from '../queries/book-idea-hits.js'
import { bookListening, type ListeningTime } from '../queries/book-listening.js'
import { bookTopSearches } from '../queries/book-top-searches.js'

/*
 * The insights read model: a book's figures for its owner's panel (GET /lnsights and /lnsights/series), read from
 * the analytics store and the reactions and Top 20 tables. Who may read them, and whether the owner's plan locks
 * them, is the route's business (services/api/src/routes/insights); so is what a store that does not answer becomes:
 * every store read goes through the caller's `read`.
 */

/** Runs reads on the analytics store (the route's wrapper turns a store that does not answer into a 503). */
export type StoreReader = <T>(read: (store: AnalyticsStore) => Promise<T>) => Promise<T>

/** The book as the read model needs it (a row of the books repository, with its ghost count). */
export type InsightsBook = Pick<booksRepo.BookWithEpisodes, 'id' | IdeaField | 'ghost_count'>

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

/**
 * Hours to the second (whole seconds / 3600): two decimals were 36-second steps, so a 13-second listen read as
 * 0 hours; the panel shows time under an hour as minutes and seconds.
 */
const hours = (seconds: number) => Math.round(seconds) / 3600

/** The start of the bucket after the one holding `now`: the (exclusive) end of a period that includes now. */
const nextBucketStart = (now: Date, size: number) => new Date((Math.floor(now.getTime() / size) + 1) * size)

/** The key of one of the book's ideas in `ideaScore`: the idea with its spaces as underscores. */
export const ideaKey = (idea: string) => idea.trim().replace(/\s+/g, '_')

const countOf = (counts: EventCount[], type: EventCount['type']) =>
  counts.filter((c) => c.type === type).reduce((n, c) => n + c.count, 0)

/** The fields of `Insights` that are not one figure each: every other field is one, and a locking plan nulls it. */
type NotFigure = 'ideaScore' | 'foundIt' | 'planLocked' | 'updatedAt'
const NOT_FIGURES: ReadonlySet<string> = new Set<NotFigure>([
  'ideaScore',
  'foundIt',
  'planLocked',
  'updatedAt',
])
const FIGURES = Object.keys(Insights.properties).filter((field) => !NOT_FIGURES.has(field))
type NoFigures = { [F in Exclude<keyof Insights, NotFigure>]: null }

/** The all-time figures of a plan that locks them: every figure null, the ideas' keys kept. */
export function lockedInsights(book: InsightsBook, now: Date): Insights {
  return {
    ...(Object.fromEntries(FIGURES.map((field) => [field, null])) as NoFigures),
    ideaScore: Object.fromEntries(bookIdeas(book).map((i) => [ideaKey(i), null])),
    planLocked: true,
    updatedAt: now.toISOString(),
  }
}

/** The book's all-time figures (since it was listed). */
export async function bookInsights(
  db: DbOrTx,
  read: StoreReader,
  book: InsightsBook,
  now: Date,
): Promise<Insights> {
  const ideas = bookIdeas(book)
  // Every event of the book, from the first (none predates its listing) to the end of the current hour.
  const allTime: TimeRange = { from: new Date(0), to: nextBucketStart(now, HOUR_MS) }
  const [likes, favorites, daysInTop20] = await Promise.all([
    reactionsRepo.countReactions(db, 'likes', book.id),
    reactionsRepo.countReactions(db, 'favorites', book.id),
    top20Repo.daysInTop20(db, book.id),
  ])
  const [counts, listening, topSearch, ideaHits] = await read((store) =>
    Promise.all([
      bookEventCounts(store, book.id, allTime, 'total'),
      bookListening(store, book.id, allTime, 'total'),
      bookTopSearches(store, book.id, allTime),
      bookIdeaHits(store, book.id, ideas, allTime),
    ]),
  )
  const ideaScore: Record<string, number> = {}
  // Two ideas spelled alike make one key; their hits are the same.
  ideas.forEach((idea, i) => (ideaScore[ideaKey(idea)] = ideaHits[i] ?? 0))
  return {
    views: countOf(counts, 'impression'),
    total_Listening_Hours: hours(listening.reduce((s, l) => s + l.seconds, 0)),
    video_Shares: countOf(counts, 'share'),
    in_favorites: favorites,
    purchaseClicks: countOf(counts, 'purchase_click'),
    descriptionClicks: countOf(counts, 'description_click'),
    profileClicks: countOf(counts, 'profile_click'),
    audioPlays: countOf(counts, 'play'),
    days_in_top_20: daysInTop20,
    top_search: topSearch,
    ghost_count: book.ghost_count,
    total_Likes: likes,
    want_to_read: countOf(counts, 'shelved_want_to_read'),
    ideaScore,
    planLocked: false,
    updatedAt: now.toISOString(),
  }
}

/** How each period is cut: hourly for a day, daily beyond. */
const PERIODS: Record<InsightsPeriod, { bucket: 'hour' | 'day'; size: number; buckets: number }> = {
  '24h': { bucket: 'hour', size: HOUR_MS, buckets: 24 },
  '7d': { bucket: 'day', size: DAY_MS, buckets: 7 },
  '30d': { bucket: 'day', size: DAY_MS, buckets: 30 },
  '90d': { bucket: 'day', size: DAY_MS, buckets: 90 },
}

const zero = (): SeriesFigures => ({
  impressions: 0,
  plays: 0,
  listeningHours: 0,
  likes: 0,
  purchaseClicks: 0,
  wantToRead: 0,
})

/** Event counts and listening seconds per bucket start (ms), as the series' figures. */
function figuresByBucket(counts: EventCount[], listening: ListeningTime[]): Map<number, SeriesFigures> {
  const byBucket = new Map<number, SeriesFigures>()
  const at = (d: Date) => {
    let f = byBucket.get(d.getTime())
    if (!f) byBucket.set(d.getTime(), (f = zero()))
    return f
  }
  for (const c of counts) {
    const f = at(c.bucket)
    if (c.type === 'impression') f.impressions += c.count
    else if (c.type === 'play') f.plays += c.count
    else if (c.type === 'like') f.likes += c.count
    else if (c.type === 'purchase_click') f.purchaseClicks += c.count
    else if (c.type === 'shelved_want_to_read') f.wantToRead += c.count
  }
  for (const l of listening) at(l.bucket).listeningHours += l.seconds
  return byBucket
}

/** Listening is summed in seconds and turned into hours once, so rounding does not add up. */
const inHours = (f: SeriesFigures): SeriesFigures => ({ ...f, listeningHours: hours(f.listeningHours) })

async function periodTotals(store: AnalyticsStore, bookId: string, range: TimeRange): Promise<SeriesFigures> {
  const [counts, listening] = await Promise.all([
    bookEventCounts(store, bookId, range, 'total'),
    bookListening(store, bookId, range, 'total'),
  ])
  return inHours(figuresByBucket(counts, listening).get(range.from.getTime()) ?? zero())
}

/** A period's frame: its buckets and their span, the last bucket holding `now`. */
export function seriesFrame(period: InsightsPeriod, now: Date) {
  const cut = PERIODS[period]
  const to = nextBucketStart(now, cut.size)
  const from = new Date(to.getTime() - cut.buckets * cut.size)
  return { period, bucket: cut.bucket, from: from.toISOString(), to: to.toISOString() }
}

/** The series of a plan that locks it: the frame only. */
export const lockedSeries = (period: InsightsPeriod, now: Date): InsightsSeries => ({
  ...seriesFrame(period, now),
  points: [],
  totals: null,
  previous: null,
  planLocked: true,
})

/**
 * The period's figures per bucket (every bucket, zeros included, oldest first; the last one holds now), its
 * totals, and the totals of the period of the same length just before (for the change shown).
 */
export async function bookSeries(
  read: StoreReader,
  bookId: string,
  period: InsightsPeriod,
  now: Date,
): Promise<InsightsSeries> {
  const cut = PERIODS[period]
  const frame = seriesFrame(period, now)
  const range = { from: new Date(frame.from), to: new Date(frame.to) }
  const from = range.from
  const [counts, listening, previous] = await read((store) =>
    Promise.all([
      bookEventCounts(store, bookId, range, cut.bucket),
      bookListening(store, bookId, range, cut.bucket),
      periodTotals(store, bookId, { from: new Date(from.getTime() - cut.buckets * cut.size), to: from }),
    ]),
  )
  const byBucket = figuresByBucket(counts, listening)
  const raw = Array.from({ length: cut.buckets }, (_, i) => {
    const ts = from.getTime() + i * cut.size
    return { ts, figures: byBucket.get(ts) ?? zero() }
  })
  // Totals are summed from the buckets: every counting window lies inside an hour, so the sum is exact.
  const totals = raw.reduce((t, p) => {
    for (const k of Object.keys(t) as (keyof SeriesFigures)[]) t[k] += p.figures[k]
    return t
  }, zero())
  const points: SeriesPoint[] = raw.map((p) => ({ ts: new Date(p.ts).toISOString(), ...inHours(p.figures) }))
  return { ...frame, points, totals: inHours(totals), previous, planLocked: false }
}
