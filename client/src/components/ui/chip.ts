import styles from './chip.module.css'

/** A small rounded label (a fact, a plan's badge). */
export const chipClass = styles.chip!
