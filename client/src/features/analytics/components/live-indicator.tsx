import { formatUpdatedAt } from '../model/live'
import styles from './live-indicator.module.css'

/**
 * "Live · updated 14:05:09": the figures refresh every few seconds while the panel is open. When a refresh
 * fails, the last figures stay and the indicator says so (the next poll tries again).
 */
export function LiveIndicator({ updatedAt, stale }: { updatedAt: string; stale: boolean }) {
  return (
    <p className={`${styles['live-indicator']}${stale ? ` ${styles['live-indicator--stale']}` : ''}`}>
      <span className={styles['live-indicator__dot']} aria-hidden="true" />
      <span className={styles['live-indicator__label']}>{stale ? 'Reconnecting' : 'Live'}</span>
      <span className="muted">
        updated <time dateTime={updatedAt}>{formatUpdatedAt(updatedAt, new Date())}</time>
      </span>
    </p>
  )
}
