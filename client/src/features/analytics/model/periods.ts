/** The time-series periods the panel offers (GET /lnsights/series?period=). */
export const PERIODS = ['24h', '7d', '30d', '90d'] as const
export type Period = (typeof PERIODS)[number]

/** A week: long enough to show a trend, short enough for a new title to have one. */
export const DEFAULT_PERIOD: Period = '7d'

export const periodLabels: Record<Period, { short: string; long: string }> = {
  '24h': { short: '24 h', long: 'the last 24 hours' },
  '7d': { short: '7 d', long: 'the last 7 days' },
  '30d': { short: '30 d', long: 'the last 30 days' },
  '90d': { short: '90 d', long: 'the last 90 days' },
}

/** What "the previous period" is, in words, for the change against it. */
export const previousPeriodLabel: Record<Period, string> = {
  '24h': 'the 24 hours before',
  '7d': 'the 7 days before',
  '30d': 'the 30 days before',
  '90d': 'the 90 days before',
}
