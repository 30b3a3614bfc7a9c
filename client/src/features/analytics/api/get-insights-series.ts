import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { InsightsSeries, type InsightsPeriod } from '@bookstrut/schemas'
import { LIVE_REFRESH_MS } from '../model/live'
import { toChartPoints } from '../model/series'
import { analyticsRequest } from './analytics-request'

/** GET /lnsights/series?podcastid=&period=: impressions, plays, listening hours… per hour or day. */
export const getInsightsSeries = async (bookId: string, period: InsightsPeriod, signal?: AbortSignal) =>
  (await analyticsRequest('/lnsights/series', { podcastid: bookId, period }, InsightsSeries, signal)).data

/** The answer with the chart's points ready (recharts gets a finished series: STYLE.md section 8). */
export const selectSeries = (series: InsightsSeries) => ({ ...series, chart: toChartPoints(series.points) })
export type SeriesView = ReturnType<typeof selectSeries>

export const insightsSeriesQueryOptions = (bookId: string, period: InsightsPeriod) =>
  queryOptions({
    queryKey: ['analytics', 'series', bookId, period],
    queryFn: ({ signal }) => getInsightsSeries(bookId, period, signal),
    refetchInterval: LIVE_REFRESH_MS,
    refetchIntervalInBackground: false,
  })

/** While another period loads, the chart keeps the one shown (no flash of a spinner on every switch). */
export const useInsightsSeries = (bookId: string, period: InsightsPeriod) =>
  useQuery({
    ...insightsSeriesQueryOptions(bookId, period),
    select: selectSeries,
    placeholderData: keepPreviousData,
  })
