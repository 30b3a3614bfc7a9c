import { Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import type { AnalyticsStore } from '../analytics-store.js'
import { sqlNumber, sqlString, sqlTime } from '../sql-literals.js'
import { sqlAddressOfActor } from '../visitor-identity.js'
import { CountCell, toCount } from './time-range.js'

/*
 * The Top 20 formula (docs/analytics.md, "Top 20"). Over the counted events of the last RANKING_DAYS UTC days, each
 * reader (account, else the server's visitor id) earns a book points per day:
 *   play 1 · listening 1 per hour (at most 1 hour a day) · like 1 · favourite 1.5 · share 1.5 · Get This click 2
 * each at most once per reader, book and day (doing it again adds nothing), and the day's total per reader and
 * book is capped at READER_DAY_CAP for a signed-in reader, ANONYMOUS_DAY_CAP for a visitor. The visitors of one
 * address (at most VISITORS_PER_ADDRESS of them) together earn a book at most ADDRESS_DAY_CAP a day. A day's
 * points fade with age: weight 0.5^(age in days / HALF_LIFE_DAYS), today 1. A book's score is the sum over its
 * readers and days. So one reader hammering a book earns it at most READER_DAY_CAP a day, and one address, however
 * many browsers it poses as, at most ADDRESS_DAY_CAP: less than one signed-in reader's play and like.
 *
 * One person is one reader (issue 45): a signed-in account's day is weighed by its account weight when it acted
 * (core reader-weight.ts: NEW_ACCOUNT_WEIGHT in its first day), and everything one network (/24, /48: the event's
 * `network`, stamped by the api) earns a book a day, accounts and visitors together, is capped at NETWORK_DAY_CAP:
 * six accounts behind one address are one place, as its visitor slots are. An event without a network (made
 * before issue 45) is its payer's own place.
 */
export const RANKING_DAYS = 7
export const HALF_LIFE_DAYS = 3
export const READER_DAY_CAP = 3
/**
 * Visitors cost nothing to make (a script can pose as a new browser, bounded only by the slots of its address), so
 * a reader who is not signed in earns a book at most this much a day: half a signed-in reader's play.
 */
export const ANONYMOUS_DAY_CAP = 0.5
/** What all the visitors of one address together earn a book a day: one signed-in reader's play. */
export const ADDRESS_DAY_CAP = 1
/**
 * What one network (IPv4 /24, IPv6 /48) earns a book a day, its accounts and visitors together: one signed-in
 * reader's most. A household or office of several real readers of one book is undercounted, never overcounted.
 */
export const NETWORK_DAY_CAP = 3
export const ENGAGEMENT_WEIGHTS = {
  play: 1,
  listeningHour: 1,
  like: 1,
  favorite: 1.5,
  share: 1.5,
  purchase_click: 2,
} as const

/** The event types the ranking reads (and the anomaly guard's bursts count). */
export const ENGAGEMENT_TYPES = ['play', 'listening', 'like', 'favorite', 'share', 'purchase_click'] as const

const Row = Type.Object({
  podcast_id: Type.String(),
  score: Type.Number(),
  anonymous_score: Type.Number(),
  readers: CountCell,
  anonymous_readers: CountCell,
})

export interface EngagementScore {
  bookId: string
  score: number
  /** distinct readers who engaged in the window */
  readers: number
  /** the part of `score` earned from visitors not signed in */
  anonymousScore: number
  /** how many of `readers` were visitors not signed in */
  anonymousReaders: number
}

const DAY_MS = 86_400_000

const did = (type: string) => `max(kind = '${type}')`
const isVisitor = (reader: string) => `substring(${reader}, 1, 2) = 'a:'`

/** The UTC day number of `now` and the start of the ranking window (RANKING_DAYS - 1 days before today). */
export function rankingWindow(now: Date): { today: number; from: Date } {
  // UTC day numbers (days since 1970) computed here: toDate() would follow the server's own time zone.
  const today = Math.floor(now.getTime() / DAY_MS)
  return { today, from: new Date((today - (RANKING_DAYS - 1)) * DAY_MS) }
}

/**
 * Books by engagement score, best first (ties: more readers, then id), those scoring above 0 only, at most
 * `limit`. `now` ends the window; the window starts RANKING_DAYS - 1 UTC days before today's start (so today and
 * the six days before it). Each event counts once, whatever its duplicates (grouped by id first).
 */
export async function engagementRanking(
  store: AnalyticsStore,
  now: Date,
  limit: number,
): Promise<EngagementScore[]> {
  const w = ENGAGEMENT_WEIGHTS
  const { today, from } = rankingWindow(now)
  const decay = `pow(0.5, (${sqlNumber(today)} - day) / ${sqlNumber(HALF_LIFE_DAYS)})`
  // Levels, inside out: one row per event; per reader, book and day (capped per reader, an account weighed); per
  // payer, book and day (a signed-in reader is their own payer, the visitors of one address share one, capped per
  // address); per place (the network, else the payer), book and day (capped per network, the visitors' part kept
  // in proportion); per book.
  const rows = await store.select(`
    SELECT title AS podcast_id, sum(points * ${decay}) AS score,
      sum(anonymous_points * ${decay}) AS anonymous_score,
      length(groupUniqArrayArray(reader_list)) AS readers,
      length(arrayFilter(r -> ${isVisitor('r')}, groupUniqArrayArray(reader_list))) AS anonymous_readers
    FROM (
      SELECT title, day, place, groupArrayArray(readers_of_payer) AS reader_list,
        least(sum(payer_points), ${sqlNumber(NETWORK_DAY_CAP)}) AS points,
        if(sum(payer_points) > 0, points * sumIf(payer_points, visitors = 1) / sum(payer_points), 0) AS anonymous_points
      FROM (
        SELECT title, day, payer, any(reader_place) AS place, max(${isVisitor('reader')}) AS visitors,
          groupArray(reader) AS readers_of_payer,
          least(if(visitors = 1, ${sqlNumber(ADDRESS_DAY_CAP)}, ${sqlNumber(READER_DAY_CAP)}), sum(reader_points)) AS payer_points
        FROM (
          SELECT title, reader, day,
            if(${isVisitor('reader')}, concat('@', ${sqlAddressOfActor('reader')}), reader) AS payer,
            if(any(sent_from) = '', payer, concat('#', any(sent_from))) AS reader_place,
            max(account_weight) * least(if(${isVisitor('reader')}, ${sqlNumber(ANONYMOUS_DAY_CAP)}, ${sqlNumber(READER_DAY_CAP)}),
              ${sqlNumber(w.play)} * ${did('play')}
              + ${sqlNumber(w.listeningHour)} * least(sumIf(listened, kind = 'listening') / 3600, 1)
              + ${sqlNumber(w.like)} * ${did('like')}
              + ${sqlNumber(w.favorite)} * ${did('favorite')}
              + ${sqlNumber(w.share)} * ${did('share')}
              + ${sqlNumber(w.purchase_click)} * ${did('purchase_click')}) AS reader_points
          FROM (
            SELECT id, any(podcast_id) AS title, any(actor) AS reader, any(type) AS kind,
              intDiv(toUInt32(any(ts)), 86400) AS day, any(seconds) AS listened,
              any(network) AS sent_from, any(weight) AS account_weight
            FROM events
            WHERE type IN (${ENGAGEMENT_TYPES.map(sqlString).join(', ')})
              AND ts >= ${sqlTime(from)} AND ts < ${sqlTime(now)}
            GROUP BY id
          )
          GROUP BY title, reader, day
        )
        GROUP BY title, day, payer
      )
      GROUP BY title, day, place
    )
    GROUP BY title
    HAVING score > 0
    ORDER BY score DESC, readers DESC, title
    LIMIT ${sqlNumber(Math.floor(limit))}`)
  return rows.flatMap((raw) =>
    Value.Check(Row, raw)
      ? [
          {
            bookId: raw.podcast_id,
            score: raw.score,
            readers: toCount(raw.readers),
            anonymousScore: raw.anonymous_score,
            anonymousReaders: toCount(raw.anonymous_readers),
          },
        ]
      : [],
  )
}
