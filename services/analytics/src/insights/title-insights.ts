import type { DbOrTx } from '@bookstrut/core'
import type { booksRepo } from '@bookstrut/catalogue'
import type { Insights, InsightsPeriod, InsightsSeries, SeriesFigures, SeriesPoint } from '@bookstrut/schemas'
import type { AnalyticsStore } from '../analytics-store.js'
import * as reactionsRepo from '../db/reactions.repository.js'
import * as top20Repo from '../db/top20.repository.js'
import type { TimeRange } from '../queries/time-range.js'
import { titleEventCounts, type EventCount } from '../queries/title-event-counts.js'
import { titleIdeaHits } from '../queries/title-idea-hits.js'
import { titleListening, type ListeningTime } from '../queries/title-listening.js'
import { titleTopSearches } from '../queries/title-top-searches.js'

/*
 * The insights read model: a title's figures for its owner's panel (GET /lnsights and /lnsights/series), read from
 * the analytics store and the reactions and Top 20 tables. Who may read them, and whether the owner's plan locks
 * them, is the route's business (services/api/src/routes/insights); so is what a store that does not answer becomes:
 * every store read goes through the caller's `read`.
 */

/** Runs reads on the analytics store (the route's wrapper turns a store that does not answer into a 503). */
export type StoreReader = <T>(read: (store: AnalyticsStore) => Promise<T>) => Promise<T>

/** The title as the read model needs it (a row of the books repository, with its ghost count). */
export type InsightsTitle = Pick<
  booksRepo.BookWithEpisodes,
  'id' | 'primary_key' | 'secondary_key' | 'additional_key' | 'ghost_count'
>

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

/**
 * Hours to the second (whole seconds / 3600): two decimals were 36-second steps, so a 13-second listen read as
 * 0 hours; the panel shows time under an hour as minutes and seconds.
 */
const hours = (seconds: number) => Math.round(seconds) / 3600

/** The start of the bucket after the one holding `now`: the (exclusive) end of a period that includes now. */
const nextBucketStart = (now: Date, size: number) => new Date((Math.floor(now.getTime() / size) + 1) * size)

/** The key of one of the title's ideas in `ideaScore`: the idea with its spaces as underscores. */
export const ideaKey = (idea: string) => idea.trim().replace(/\s+/g, '_')

/** The title's ideas that are set, in order. */
const ideasOf = (title: InsightsTitle) =>
  [title.primary_key, title.secondary_key, title.additional_key].filter((i) => i.trim() !== '')

const countOf = (counts: EventCount[], type: EventCount['type']) =>
  counts.filter((c) => c.type === type).reduce((n, c) => n + c.count, 0)

/** The all-time figures of a plan that locks them: every figure null, the ideas' keys kept. */
export function lockedInsights(title: InsightsTitle, now: Date): Insights {
  return {
    views: null,
    total_Listening_Hours: null,
    video_Shares: null,
    in_favorites: null,
    purchaseClicks: null,
    descriptionClicks: null,
    profileClicks: null,
    audioPlays: null,
    days_in_top_20: null,
    top_search: null,
    ghost_count: null,
    total_Likes: null,
    ideaScore: Object.fromEntries(ideasOf(title).map((i) => [ideaKey(i), null])),
    planLocked: true,
    updatedAt: now.toISOString(),
  }
}

/** The title's all-time figures (since it was listed). */
export async function titleInsights(
  db: DbOrTx,
  read: StoreReader,
  title: InsightsTitle,
  now: Date,
): Promise<Insights> {
  const ideas = ideasOf(title)
  // Every event of the title, from the first (none predates its listing) to the end of the current hour.
  const allTime: TimeRange = { from: new Date(0), to: nextBucketStart(now, HOUR_MS) }
  const [likes, favorites, daysInTop20] = await Promise.all([
    reactionsRepo.countReactions(db, 'likes', title.id),
    reactionsRepo.countReactions(db, 'favorites', title.id),
    top20Repo.daysInTop20(db, title.id),
  ])
  const [counts, listening, topSearch, ideaHits] = await read((store) =>
    Promise.all([
      titleEventCounts(store, title.id, allTime, 'total'),
      titleListening(store, title.id, allTime, 'total'),
      titleTopSearches(store, title.id, allTime),
      titleIdeaHits(store, title.id, ideas, allTime),
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
    ghost_count: title.ghost_count,
    total_Likes: likes,
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
  }
  for (const l of listening) at(l.bucket).listeningHours += l.seconds
  return byBucket
}

/** Listening is summed in seconds and turned into hours once, so rounding does not add up. */
const inHours = (f: SeriesFigures): SeriesFigures => ({ ...f, listeningHours: hours(f.listeningHours) })

async function periodTotals(
  store: AnalyticsStore,
  titleId: string,
  range: TimeRange,
): Promise<SeriesFigures> {
  const [counts, listening] = await Promise.all([
    titleEventCounts(store, titleId, range, 'total'),
    titleListening(store, titleId, range, 'total'),
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
export async function titleSeries(
  read: StoreReader,
  titleId: string,
  period: InsightsPeriod,
  now: Date,
): Promise<InsightsSeries> {
  const cut = PERIODS[period]
  const frame = seriesFrame(period, now)
  const range = { from: new Date(frame.from), to: new Date(frame.to) }
  const from = range.from
  const [counts, listening, previous] = await read((store) =>
    Promise.all([
      titleEventCounts(store, titleId, range, cut.bucket),
      titleListening(store, titleId, range, cut.bucket),
      periodTotals(store, titleId, { from: new Date(from.getTime() - cut.buckets * cut.size), to: from }),
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
