import { Type } from '@sinclair/typebox'

/** A half-open time range [from, to) and how finely to cut it: per hour, per UTC day, or as one total. */
export interface TimeRange {
  from: Date
  to: Date
}
export type Bucket = 'hour' | 'day' | 'total'

/** The bucket's start (seconds since 1970, UTC) as SQL over a DateTime('UTC') column; 0 for one total. */
export function bucketStart(bucket: Bucket, column: string): string {
  if (bucket === 'hour') return `toUInt32(toStartOfHour(${column}))`
  if (bucket === 'day') return `toUInt32(toStartOfDay(${column}))`
  return 'toUInt32(0)'
}

/** A count from ClickHouse: UInt64 comes quoted from a server's JSON, unquoted from chDB's. */
export const CountCell = Type.Union([Type.Number(), Type.String()])
/** A CountCell as the number it is. */
export const toCount = (value: number | string) => Number(value)
