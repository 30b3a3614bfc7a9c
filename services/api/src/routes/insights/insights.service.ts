import {
  AppError,
  effectivePlan,
  notFound,
  podcastsRepo,
  reactionsRepo,
  titleEventCounts,
  titleIdeaHits,
  titleListening,
  titleTopSearches,
  top20Repo,
  type AnalyticsStore,
  type EventCount,
  type ListeningTime,
  type TimeRange,
} from '@bookstrut/core'
import type { Insights, InsightsPeriod, InsightsSeries, SeriesFigures, SeriesPoint } from '@bookstrut/schemas'
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

/**
 * The title and whether its figures are locked (the owner's plan: a free plan locks them), before any analytics
 * query. The route's access policy has already let the caller through: rate-limited, the title's owner or an admin.
 */
async function ownedTitle(deps: InsightsDeps, podcastId: string) {
  const podcast = await podcastsRepo.findPodcast(deps.db, podcastId)
  if (!podcast) throw notFound('Podcast not found')
  const plan = await effectivePlan(deps.db, podcast.create_by, deps.clock.now())
  // The plan's catalogue price, not the price paid: a paid plan an operator granted for nothing (the demo
  // catalogue's owner) shows its figures; the free plan, and a paid plan once expired, lock them.
  return { podcast, locked: plan.rankPrice === 0 }
}

const countOf = (counts: EventCount[], type: EventCount['type']) =>
  counts.filter((c) => c.type === type).reduce((n, c) => n + c.count, 0)

/** GET /lnsights: the title's all-time figures (since it was listed), or nulls on a free plan. */
export async function getInsights(deps: InsightsDeps, podcastId: string): Promise<Insights> {
  const { podcast, locked } = await ownedTitle(deps, podcastId)
  const now = deps.clock.now()
  const ideas = [podcast.primary_key, podcast.secondary_key, podcast.additional_key].filter(
    (i) => i.trim() !== '',
  )
  if (locked)
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
      ideaScore: Object.fromEntries(ideas.map((i) => [ideaKey(i), null])),
      planLocked: true,
      updatedAt: now.toISOString(),
    }
  // Every event of the title, from the first (none predates its listing) to the end of the current hour.
  const allTime: TimeRange = { from: new Date(0), to: nextBucketStart(now, HOUR_MS) }
  const [likes, favorites, daysInTop20] = await Promise.all([
    reactionsRepo.countReactions(deps.db, 'likes', podcast.id),
    reactionsRepo.countReactions(deps.db, 'favorites', podcast.id),
    top20Repo.daysInTop20(deps.db, podcast.id),
  ])
  const [counts, listening, topSearch, ideaHits] = await fromStore(deps, (store) =>
    Promise.all([
      titleEventCounts(store, podcast.id, allTime, 'total'),
      titleListening(store, podcast.id, allTime, 'total'),
      titleTopSearches(store, podcast.id, allTime),
      titleIdeaHits(store, podcast.id, ideas, allTime),
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
    ghost_count: podcast.ghost_count,
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
  podcastId: string,
  range: TimeRange,
): Promise<SeriesFigures> {
  const [counts, listening] = await Promise.all([
    titleEventCounts(store, podcastId, range, 'total'),
    titleListening(store, podcastId, range, 'total'),
  ])
  return inHours(figuresByBucket(counts, listening).get(range.from.getTime()) ?? zero())
}

/**
 * GET /lnsights/series: the period's figures per bucket (every bucket, zeros included, oldest first; the last one
 * holds now), its totals, and the totals of the period of the same length just before (for the change shown).
 */
export async function getInsightsSeries(
  deps: InsightsDeps,
  podcastId: string,
  period: InsightsPeriod,
): Promise<InsightsSeries> {
  const { podcast, locked } = await ownedTitle(deps, podcastId)
  const cut = PERIODS[period]
  const to = nextBucketStart(deps.clock.now(), cut.size)
  const from = new Date(to.getTime() - cut.buckets * cut.size)
  const frame = { period, bucket: cut.bucket, from: from.toISOString(), to: to.toISOString() }
  if (locked) return { ...frame, points: [], totals: null, previous: null, planLocked: true }

  const range = { from, to }
  const [counts, listening, previous] = await fromStore(deps, (store) =>
    Promise.all([
      titleEventCounts(store, podcast.id, range, cut.bucket),
      titleListening(store, podcast.id, range, cut.bucket),
      periodTotals(store, podcast.id, { from: new Date(from.getTime() - cut.buckets * cut.size), to: from }),
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
