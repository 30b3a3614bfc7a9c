import { describeChange, formatChange, periodChange } from '../model/period-change'
import styles from './change-badge.module.css'

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
    <span className={`${styles['change-badge']} ${styles[`change-badge--${change.direction}`]}`}>
      <span aria-hidden="true">{formatChange(change)}</span>
      <span className="visually-hidden">{describeChange(change, against)}</span>
    </span>
  )
}
