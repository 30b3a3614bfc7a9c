import { Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import type { AnalyticsStore } from '../analytics-store.js'
import { sqlNumber, sqlTime } from '../sql-literals.js'
import { toCount } from './time-range.js'

/*
 * The Top 20 formula (README, "Author analytics and the Top 20"). Over the counted events of the last
 * RANKING_DAYS UTC days, each reader (account, else anonymous id) earns a title points per day:
 *   play 1 · listening 1 per hour (at most 1 hour a day) · like 1 · favourite 1.5 · share 1.5 · Get This click 2
 * each at most once per reader, title and day (doing it again adds nothing), and the day's total per reader and
 * title is capped at READER_DAY_CAP (ANONYMOUS_DAY_CAP for a reader not signed in). A day's points fade with age: weight 0.5^(age in days / HALF_LIFE_DAYS), today
 * 1. A title's score is the sum over its readers and days. So one reader hammering a title earns it at most
 * READER_DAY_CAP a day, which two readers who play and like it already match.
 */
export const RANKING_DAYS = 7
export const HALF_LIFE_DAYS = 3
export const READER_DAY_CAP = 3
/**
 * Anonymous ids cost nothing to make (a script can pose as many browsers, bounded only by the per-address event
 * limit), so a reader who is not signed in earns a title at most this much a day.
 */
export const ANONYMOUS_DAY_CAP = 1
export const ENGAGEMENT_WEIGHTS = {
  play: 1,
  listeningHour: 1,
  like: 1,
  favorite: 1.5,
  share: 1.5,
  purchase_click: 2,
} as const

const Row = Type.Object({
  podcast_id: Type.String(),
  score: Type.Number(),
  readers: Type.Union([Type.Number(), Type.String()]),
})

export interface EngagementScore {
  podcastId: string
  score: number
  /** distinct readers who engaged in the window */
  readers: number
}

const DAY_MS = 86_400_000

const did = (type: string) => `max(kind = '${type}')`

/**
 * Titles by engagement score, best first (ties: more readers, then id), those scoring above 0 only, at most
 * `limit`. `now` ends the window; the window starts RANKING_DAYS - 1 UTC days before today's start (so today and
 * the six days before it). Each event counts once, whatever its duplicates (grouped by id first).
 */
export async function engagementRanking(
  store: AnalyticsStore,
  now: Date,
  limit: number,
): Promise<EngagementScore[]> {
  const w = ENGAGEMENT_WEIGHTS
  // UTC day numbers (days since 1970) computed here: toDate() would follow the server's own time zone.
  const today = Math.floor(now.getTime() / DAY_MS)
  const from = new Date((today - (RANKING_DAYS - 1)) * DAY_MS)
  const rows = await store.select(`
    SELECT title AS podcast_id, sum(points * pow(0.5, (${sqlNumber(today)} - day) / ${sqlNumber(HALF_LIFE_DAYS)})) AS score,
      uniqExact(reader) AS readers
    FROM (
      SELECT title, reader, day,
        least(if(substring(reader, 1, 2) = 'a:', ${sqlNumber(ANONYMOUS_DAY_CAP)}, ${sqlNumber(READER_DAY_CAP)}),
          ${sqlNumber(w.play)} * ${did('play')}
          + ${sqlNumber(w.listeningHour)} * least(sumIf(listened, kind = 'listening') / 3600, 1)
          + ${sqlNumber(w.like)} * ${did('like')}
          + ${sqlNumber(w.favorite)} * ${did('favorite')}
          + ${sqlNumber(w.share)} * ${did('share')}
          + ${sqlNumber(w.purchase_click)} * ${did('purchase_click')}) AS points
      FROM (
        SELECT id, any(podcast_id) AS title, any(actor) AS reader, any(type) AS kind,
          intDiv(toUInt32(any(ts)), 86400) AS day, any(seconds) AS listened
        FROM events
        WHERE type IN ('play', 'listening', 'like', 'favorite', 'share', 'purchase_click')
          AND ts >= ${sqlTime(from)} AND ts < ${sqlTime(now)}
        GROUP BY id
      )
      GROUP BY title, reader, day
    )
    GROUP BY title
    HAVING score > 0
    ORDER BY score DESC, readers DESC, title
    LIMIT ${sqlNumber(Math.floor(limit))}`)
  return rows.flatMap((raw) =>
    Value.Check(Row, raw)
      ? [{ podcastId: raw.podcast_id, score: raw.score, readers: toCount(raw.readers) }]
      : [],
  )
}
