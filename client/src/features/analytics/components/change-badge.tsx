import { describeChange, formatChange, periodChange } from '../model/period-change'

/** ▲ 12% / ▼ 3.5% / new against the period before, with the same in words for screen readers. */
export function ChangeBadge({
  current,
  previous,
  against,
}: {
  current: number
  previous: number
  against: string
}) {
  const change = periodChange(current, previous)
  return (
    <span className={`change-badge change-badge--${change.direction}`}>
      <span aria-hidden="true">{formatChange(change)}</span>
      <span className="visually-hidden">{describeChange(change, against)}</span>
    </span>
  )
}
