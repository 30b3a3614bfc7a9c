import { Type, type Static } from '@sinclair/typebox'
import { Id } from './common.js'
import { FoundItInsights } from './found-it.js'

/**
 * Author analytics (issue 14): `GET /lnsights` (all-time figures of one title) and `GET /lnsights/series` (a time
 * series for the panels). The path and the field names keep the spec's spelling (`lnsights`, `podcastid`,
 * `total_Listening_Hours`, `video_Shares`, `in_favorites`, `total_Likes`). Only the title's owner or an admin may
 * read them. On a free plan (price 0) `planLocked` is true and the server sends no figure at all (null): the client
 * shows dots.
 */

/** A figure, or null when the plan hides it. */
const Figure = Type.Union([Type.Number({ minimum: 0 }), Type.Null()])

export const InsightsQuery = Type.Object({
  podcastid: Id,
})
export type InsightsQuery = Static<typeof InsightsQuery>

export const Insights = Type.Object({
  /** impressions: how often the title was listed in search results */
  views: Figure,
  /** hours listened, to the second (whole seconds / 3600) */
  total_Listening_Hours: Figure,
  /** shares (the spec's name) */
  video_Shares: Figure,
  /** readers who have the title in their favourites now */
  in_favorites: Figure,
  /** Get This clicks */
  purchaseClicks: Figure,
  descriptionClicks: Figure,
  profileClicks: Figure,
  /** counted plays */
  audioPlays: Figure,
  /** distinct UTC days on which the title was in the Top 20 */
  days_in_top_20: Figure,
  /** impressions from idea searches where the title ranked in the top 10 */
  top_search: Figure,
  /** readers who have the title ghosted (hidden) now */
  ghost_count: Figure,
  /** readers who like the title now */
  total_Likes: Figure,
  /**
   * readers who put the title on their Want to read shelf (issue 49): once per reader, however often they shelve
   * it again, and still counted after they move it to Reading or Read (they wanted to read it)
   */
  want_to_read: Figure,
  /**
   * "Idea Hits": for each of the title's own ideas (key: the idea with spaces as underscores), how many idea-search
   * impressions matched it strongly (see docs/analytics.md, "Author analytics and the Top 20").
   */
  ideaScore: Type.Record(Type.String(), Figure),
  /**
   * "Found it" (issue 34): standing confirmations, readers, and the ideas readers agree find the title (agreed ideas
   * only: an idea one reader typed is never shown). Null figures on a free plan.
   */
  foundIt: Type.Optional(FoundItInsights),
  /** true on a free plan: every figure above is null */
  planLocked: Type.Boolean(),
  /** when these figures were read (ISO 8601) */
  updatedAt: Type.String({ format: 'date-time' }),
})
export type Insights = Static<typeof Insights>

export const InsightsPeriod = Type.Union([
  Type.Literal('24h'),
  Type.Literal('7d'),
  Type.Literal('30d'),
  Type.Literal('90d'),
])
export type InsightsPeriod = Static<typeof InsightsPeriod>

export const InsightsSeriesQuery = Type.Object({
  podcastid: Id,
  period: InsightsPeriod,
})
export type InsightsSeriesQuery = Static<typeof InsightsSeriesQuery>

/** The figures of one bucket, one period, or the period just before. */
export const SeriesFigures = Type.Object({
  impressions: Type.Number({ minimum: 0 }),
  plays: Type.Number({ minimum: 0 }),
  /** hours, to the second (whole seconds / 3600) */
  listeningHours: Type.Number({ minimum: 0 }),
  likes: Type.Number({ minimum: 0 }),
  purchaseClicks: Type.Number({ minimum: 0 }),
  /** readers who first put the title on their Want to read shelf in the bucket */
  wantToRead: Type.Number({ minimum: 0 }),
})
export type SeriesFigures = Static<typeof SeriesFigures>

export const SeriesPoint = Type.Composite([
  Type.Object({
    /** start of the bucket (ISO 8601, UTC) */
    ts: Type.String({ format: 'date-time' }),
  }),
  SeriesFigures,
])
export type SeriesPoint = Static<typeof SeriesPoint>

export const InsightsSeries = Type.Object({
  period: InsightsPeriod,
  /** hours for 24h, UTC days otherwise */
  bucket: Type.Union([Type.Literal('hour'), Type.Literal('day')]),
  /** the period: [from, to) (ISO 8601) */
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
  /** every bucket of the period, oldest first, zeros included; empty when planLocked */
  points: Type.Array(SeriesPoint),
  /** this period; null when planLocked */
  totals: Type.Union([SeriesFigures, Type.Null()]),
  /** the period of the same length just before; null when planLocked */
  previous: Type.Union([SeriesFigures, Type.Null()]),
  planLocked: Type.Boolean(),
})
export type InsightsSeries = Static<typeof InsightsSeries>

/**
 * A title the Top 20's anomaly guard held out of a ranking (docs/analytics.md, "Anomaly guard"), for admins:
 * why, the score it would have ranked with, and the figures that decided it.
 */
export const HeldBook = Type.Object({
  podcastId: Id,
  reason: Type.Union([Type.Literal('anonymous_majority'), Type.Literal('address_burst')]),
  score: Type.Number(),
  readers: Type.Integer({ minimum: 0 }),
  /** anonymousShare (0-1), anonymousReaders, and burstEvents (its largest one-hour burst) when there was one */
  details: Type.Record(Type.String(), Type.Number()),
  /** when the ranking that held it was computed (ISO 8601) */
  heldAt: Type.String({ format: 'date-time' }),
})
export type HeldBook = Static<typeof HeldBook>

export const HeldTitlesQuery = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })) },
  { additionalProperties: false },
)
export type HeldTitlesQuery = Static<typeof HeldTitlesQuery>
