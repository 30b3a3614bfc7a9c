/**
 * The change of a total against the same total in the period just before. `new` when there was nothing
 * before (a percentage of zero means nothing), `same` when both are equal (zero included).
 */
export type PeriodChange =
  { direction: 'up' | 'down'; percent: number } | { direction: 'same' } | { direction: 'new' }

export function periodChange(current: number, previous: number): PeriodChange {
  if (current === previous) return { direction: 'same' }
  if (previous === 0) return { direction: 'new' }
  const percent = (Math.abs(current - previous) / previous) * 100
  return { direction: current > previous ? 'up' : 'down', percent }
}

/** One decimal below 10 % (a 2.5 % move is worth seeing), whole numbers above. */
export function formatPercent(percent: number): string {
  if (percent > 0 && percent < 0.1) return '<0.1%'
  const digits = percent < 10 ? 1 : 0
  return `${Number(percent.toFixed(digits)).toLocaleString('en-US')}%`
}

/** The badge text: ▲ 12%, ▼ 3.5%, new, or 0%. */
export function formatChange(change: PeriodChange): string {
  switch (change.direction) {
    case 'up':
      return `▲ ${formatPercent(change.percent)}`
    case 'down':
      return `▼ ${formatPercent(change.percent)}`
    case 'new':
      return 'new'
    case 'same':
      return '0%'
  }
}

/** The same change in words, for screen readers (the arrows are not read well). */
export function describeChange(change: PeriodChange, against: string): string {
  switch (change.direction) {
    case 'up':
      return `up ${formatPercent(change.percent)} on ${against}`
    case 'down':
      return `down ${formatPercent(change.percent)} on ${against}`
    case 'new':
      return `new: none in ${against}`
    case 'same':
      return `unchanged on ${against}`
  }
}
