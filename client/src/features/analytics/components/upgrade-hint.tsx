import { Link } from 'react-router-dom'
import { Icon } from '@/components/ui/icon'
import { paths } from '@/config/paths'
import styles from './upgrade-hint.module.css'

/** Shown above hidden figures: why they are hidden and where to change that. */
export function UpgradeHint() {
  return (
    <p className={styles.analytics__upgrade}>
      <Icon name="info" size={16} />
      <span>
        Your free plan hides these figures. <Link to={paths.membership}>Upgrade your plan</Link> to see your
        listeners, plays and clicks as they happen.
      </span>
    </p>
  )
}
