import { Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { EventTypes, type EventType } from '@bookstrut/schemas'
import type { AnalyticsStore } from '../analytics-store.js'
import { isWindowed } from '../counting-rules.js'
import { sqlString, sqlTime } from '../sql-literals.js'
import { bucketStart, CountCell, toCount, type Bucket, type TimeRange } from './time-range.js'

const CountRow = Type.Object({
  bucket: Type.Number(),
  type: Type.String(),
  events: CountCell,
  counted: CountCell,
})

export interface EventCount {
  /** start of the bucket (the range's start for one total) */
  bucket: Date
  type: EventType
  /** the number that counts under the counting rules (counting-rules.ts) */
  count: number
}

/**
 * How many events of each type one book had per bucket, from the hourly aggregates: exact (distinct event ids;
 * plays, shares and clicks once per listener and half hour) before and after merges. Hours are whole: a range
 * starting at 10:20 counts from 10:00.
 */
export async function bookEventCounts(
  store: AnalyticsStore,
  bookId: string,
  range: TimeRange,
  bucket: Bucket,
): Promise<EventCount[]> {
  const rows = await store.select(`
    SELECT ${bucketStart(bucket, 'hour')} AS bucket, type,
      uniqExactMerge(events) AS events, uniqExactMerge(counted) AS counted
    FROM events_hourly
    WHERE podcast_id = ${sqlString(bookId)}
      AND hour >= toStartOfHour(${sqlTime(range.from)}) AND hour < ${sqlTime(range.to)}
    GROUP BY bucket, type
    ORDER BY bucket, type`)
  const known = new Set<string>(EventTypes)
  return rows.flatMap((raw) => {
    if (!Value.Check(CountRow, raw) || !known.has(raw.type)) return []
    const type = raw.type as EventType
    return [
      {
        bucket: bucket === 'total' ? range.from : new Date(raw.bucket * 1000),
        type,
        count: toCount(isWindowed(type) ? raw.counted : raw.events),
      },
    ]
  })
}
