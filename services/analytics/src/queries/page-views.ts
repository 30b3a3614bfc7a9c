import { Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import type { AnalyticsStore } from '../analytics-store.js'
import { sqlString, sqlTime } from '../sql-literals.js'
import { CountCell, toCount } from './time-range.js'

const ViewsRow = Type.Object({
  page: Type.String(),
  views7d: CountCell,
  views30d: CountCell,
})

/** Views of one page in the last 7 and 30 days. */
export interface PageViews {
  views7d: number
  views30d: number
}

const DAY_MS = 86_400_000

/**
 * Page views of `pages` (paths) in the 7 and 30 days before `now`, from the hourly aggregates: once per visitor
 * (account, else the server's visitor id) per page and half hour (counting-rules.ts), exact before and after
 * merges. Hours are whole. A page nobody viewed is absent from the map.
 */
export async function pageViews(
  store: AnalyticsStore,
  pages: readonly string[],
  now: Date,
): Promise<Map<string, PageViews>> {
  if (pages.length === 0) return new Map()
  const week = sqlTime(new Date(now.getTime() - 7 * DAY_MS))
  const month = sqlTime(new Date(now.getTime() - 30 * DAY_MS))
  const rows = await store.select(`
    SELECT podcast_id AS page,
      uniqExactMergeIf(counted, hour >= toStartOfHour(${week})) AS views7d,
      uniqExactMerge(counted) AS views30d
    FROM events_hourly
    WHERE type = 'page_view' AND podcast_id IN (${pages.map(sqlString).join(', ')})
      AND hour >= toStartOfHour(${month}) AND hour <= ${sqlTime(now)}
    GROUP BY podcast_id`)
  const views = new Map<string, PageViews>()
  for (const raw of rows)
    if (Value.Check(ViewsRow, raw))
      views.set(raw.page, { views7d: toCount(raw.views7d), views30d: toCount(raw.views30d) })
  return views
}
