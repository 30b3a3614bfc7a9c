import { InsightsPeriod } from '@bookstrut/schemas'

export type Period = InsightsPeriod

/** The time-series periods the panel offers: those GET /lnsights/series accepts, in the schema's order. */
export const PERIODS: readonly Period[] = InsightsPeriod.anyOf.map((literal) => literal.const)

/** A week: long enough to show a trend, short enough for a new book to have one. */
export const DEFAULT_PERIOD: Period = '7d'

export const periodLabels: Record<Period, { short: string; long: string; previous: string }> = {
  '24h': { short: '24 h', long: 'the last 24 hours', previous: 'the 24 hours before' },
  '7d': { short: '7 d', long: 'the last 7 days', previous: 'the 7 days before' },
  '30d': { short: '30 d', long: 'the last 30 days', previous: 'the 30 days before' },
  '90d': { short: '90 d', long: 'the last 90 days', previous: 'the 90 days before' },
}
