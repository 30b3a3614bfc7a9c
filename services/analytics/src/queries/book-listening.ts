import { Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import type { AnalyticsStore } from '../analytics-store.js'
import { LISTENER_WINDOW_SECONDS } from '../counting-rules.js'
import { sqlString, sqlTime } from '../sql-literals.js'
import { bucketStart, type Bucket, type TimeRange } from './time-range.js'

const SecondsRow = Type.Object({ bucket: Type.Number(), seconds: Type.Number() })

export interface ListeningTime {
  bucket: Date
  seconds: number
}

/**
 * Seconds listened to one book per bucket. Each event counts once (grouped by id first, so a duplicate row adds
 * nothing before merges), then per listener and half-hour window the sum is capped by the clip's length: replaying
 * a clip inside the window cannot count more than the clip. Windows lie inside hours, so hour and day sums are
 * exact.
 */
export async function bookListening(
  store: AnalyticsStore,
  bookId: string,
  range: TimeRange,
  bucket: Bucket,
): Promise<ListeningTime[]> {
  const rows = await store.select(`
    SELECT bucket, sum(least(listened, clip)) AS seconds
    FROM (
      SELECT ${bucketStart(bucket, 'window_start')} AS bucket, actor, window_start,
        sum(seconds) AS listened, max(clip_seconds) AS clip
      FROM (
        SELECT id, any(actor) AS actor, any(seconds) AS seconds, any(clip_seconds) AS clip_seconds,
          toDateTime(intDiv(toUInt32(any(ts)), ${LISTENER_WINDOW_SECONDS}) * ${LISTENER_WINDOW_SECONDS}, 'UTC')
            AS window_start
        FROM events
        WHERE podcast_id = ${sqlString(bookId)} AND type = 'listening'
          AND ts >= toStartOfHour(${sqlTime(range.from)}) AND ts < ${sqlTime(range.to)}
        GROUP BY id
      )
      GROUP BY bucket, actor, window_start
    )
    GROUP BY bucket
    ORDER BY bucket`)
  return rows.flatMap((raw) =>
    Value.Check(SecondsRow, raw)
      ? [{ bucket: bucket === 'total' ? range.from : new Date(raw.bucket * 1000), seconds: raw.seconds }]
      : [],
  )
}
