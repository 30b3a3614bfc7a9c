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
  /** The step before, in lower case ("impressions"); null for the first step. */
  before: string | null
  /** Bar length, 0-100: the count against the largest step; 0 for every step when there were no impressions. */
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
 * bars are scaled to the largest step rather than to the first. Without impressions there is no funnel: no bar
 * is drawn (a full Plays bar read as "every impression played"), and funnelNote says why.
 */
export function funnelSteps(totals: FunnelTotals): FunnelStep[] {
  const largest = totals.impressions > 0 ? Math.max(...steps.map((s) => totals[s.key])) : 0
  return steps.map((step, i) => {
    const count = totals[step.key]
    const previous = i === 0 ? undefined : steps[i - 1]
    const before = previous ? totals[previous.key] : null
    return {
      key: step.key,
      label: step.label,
      count,
      rate: before ? (count / before) * 100 : null,
      before: previous ? previous.label.toLowerCase() : null,
      width: largest > 0 ? (count / largest) * 100 : 0,
    }
  })
}

/** A step rate for display: 12.5%, 100%, or — when there is nothing to divide by. */
export const formatRate = (rate: number | null): string => (rate === null ? '—' : formatPercent(rate))

/** The line under a step: "25% of impressions", or "no plays to compare with" after a step of 0. */
export const rateLine = (step: FunnelStep): string =>
  step.rate === null
    ? `no ${step.before ?? 'step'} to compare with`
    : `${formatRate(step.rate)} of ${step.before}`

/** Why no bars are drawn: plays or clicks came, but none after an impression. Null when there is a funnel. */
export function funnelNote(totals: FunnelTotals): string | null {
  if (totals.impressions > 0 || (totals.plays === 0 && totals.purchaseClicks === 0)) return null
  return 'No impressions in this period: these plays and clicks came from elsewhere (a shared link, a book page), so there is no funnel to draw.'
}
