import { formatPercent } from './period-change'

/** The totals the funnel is drawn from (a period's totals of GET /lnsights/series). */
export interface FunnelTotals {
  impressions: number
  plays: number
  purchaseClicks: number
}

export interface FunnelStep {
  key: keyof FunnelTotals
  label: string
  count: number
  /** This step as a percentage of the step before; null for the first step and after a step of 0. */
  rate: number | null
  /** Bar length, 0-100: the count against the largest step. */
  width: number
}

const steps: { key: keyof FunnelTotals; label: string }[] = [
  { key: 'impressions', label: 'Impressions' },
  { key: 'plays', label: 'Plays' },
  { key: 'purchaseClicks', label: 'Get This clicks' },
]

/**
 * Impression → play → Get This click. A play or a click can come without an impression (a shared link, the
 * author profile), so a step can exceed the one before: its rate is then above 100 % and shown as it is, and
 * bars are scaled to the largest step rather than to the first.
 */
export function funnelSteps(totals: FunnelTotals): FunnelStep[] {
  const largest = Math.max(...steps.map((s) => totals[s.key]))
  return steps.map((step, i) => {
    const count = totals[step.key]
    const before = i === 0 ? null : totals[steps[i - 1]!.key]
    return {
      key: step.key,
      label: step.label,
      count,
      rate: before ? (count / before) * 100 : null,
      width: largest > 0 ? (count / largest) * 100 : 0,
    }
  })
}

/** A step rate for display: 12.5%, 100%, or — when there is nothing to divide by. */
export const formatRate = (rate: number | null): string => (rate === null ? '—' : formatPercent(rate))
