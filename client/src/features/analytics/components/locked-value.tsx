import { HIDDEN_VALUE } from '../model/counts'
import styles from './locked-value.module.css'

/** A figure the free plan hides: blurred dots, read out as hidden (spec: values hidden, shown as dots). */
export function LockedValue() {
  return (
    <span className={styles['locked-value']} role="img" aria-label="Hidden on the free plan">
      {HIDDEN_VALUE}
    </span>
  )
}
