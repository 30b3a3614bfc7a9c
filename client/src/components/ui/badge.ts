import styles from './badge.module.css'

/** A small pill with a word on it (a role, a count). */
export const badgeClass = styles.badge!
