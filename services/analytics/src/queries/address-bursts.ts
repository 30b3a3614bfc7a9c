import { Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import type { AnalyticsStore } from '../analytics-store.js'
import { sqlNumber, sqlString, sqlTime } from '../sql-literals.js'
import { sqlAddressOfActor } from '../visitor-identity.js'
import { ENGAGEMENT_TYPES } from './engagement-ranking.js'
import { CountCell, toCount, type TimeRange } from './time-range.js'

/** A burst is at least this many engagement events from visitors about one book in one clock hour… */
export const BURST_MIN_EVENTS = 50
/** …of which at least BURST_ADDRESS_SHARE came from at most this many addresses. */
export const BURST_MAX_ADDRESSES = 3
export const BURST_ADDRESS_SHARE = 0.8

const Row = Type.Object({ podcast_id: Type.String(), events: CountCell })

/**
 * The books among `bookIds` that had a burst in `range`: an hour in which visitors (not signed in) sent at
 * least BURST_MIN_EVENTS engagement events about the book (distinct ids, every one as sent: not yet folded by the
 * counting rules) and at most BURST_MAX_ADDRESSES addresses sent BURST_ADDRESS_SHARE of them. Answers each such
 * book with the events of its largest burst.
 */
export async function addressBursts(
  store: AnalyticsStore,
  bookIds: readonly string[],
  range: TimeRange,
): Promise<Map<string, number>> {
  const bursts = new Map<string, number>()
  if (bookIds.length === 0) return bursts
  const rows = await store.select(`
    SELECT title AS podcast_id, max(total) AS events
    FROM (
      SELECT title, hour, sum(n) AS total,
        arraySum(arraySlice(arrayReverseSort(groupArray(n)), 1, ${sqlNumber(BURST_MAX_ADDRESSES)})) AS top
      FROM (
        SELECT podcast_id AS title, toStartOfHour(ts) AS hour, ${sqlAddressOfActor('actor')} AS address,
          uniqExact(id) AS n
        FROM events
        WHERE podcast_id IN (${bookIds.map(sqlString).join(', ')})
          AND substring(actor, 1, 2) = 'a:'
          AND type IN (${ENGAGEMENT_TYPES.map(sqlString).join(', ')})
          AND ts >= ${sqlTime(range.from)} AND ts < ${sqlTime(range.to)}
        GROUP BY title, hour, address
      )
      GROUP BY title, hour
    )
    WHERE total >= ${sqlNumber(BURST_MIN_EVENTS)} AND top >= ${sqlNumber(BURST_ADDRESS_SHARE)} * total
    GROUP BY title`)
  for (const raw of rows) if (Value.Check(Row, raw)) bursts.set(raw.podcast_id, toCount(raw.events))
  return bursts
}
