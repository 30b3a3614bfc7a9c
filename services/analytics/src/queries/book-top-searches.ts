import { Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import type { AnalyticsStore } from '../analytics-store.js'
import { SQL_READER_WINDOW } from '../counting-rules.js'
import { sqlString, sqlTime } from '../sql-literals.js'
import { CountCell, toCount, type TimeRange } from './time-range.js'

/** A book "in the top search" is one shown on the first page of an idea search (ranks 1-10). */
export const TOP_SEARCH_RANK = 10

const Row = Type.Object({ n: CountCell })

/**
 * top_search: how many idea-search impressions showed the book among the first TOP_SEARCH_RANK results, counted
 * once per searcher and half-hour window (counting-rules.ts): searching again adds nothing, nor does a duplicate row.
 */
export async function bookTopSearches(
  store: AnalyticsStore,
  bookId: string,
  range: TimeRange,
): Promise<number> {
  const [row] = await store.select(`
    SELECT uniqExact(${SQL_READER_WINDOW}) AS n
    FROM events
    WHERE podcast_id = ${sqlString(bookId)} AND type = 'impression' AND search_mode = 'idea'
      AND search_rank >= 1 AND search_rank <= ${TOP_SEARCH_RANK}
      AND ts >= ${sqlTime(range.from)} AND ts < ${sqlTime(range.to)}`)
  return Value.Check(Row, row) ? toCount(row.n) : 0
}
