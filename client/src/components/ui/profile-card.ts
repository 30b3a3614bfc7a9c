import styles from './profile-card.module.css'

/** The card of a profile page: `list` for a page that lists things, `message` for a notice in its place. */
export const profileCard = {
  card: styles['profile-card']!,
  list: `${styles['profile-card']} ${styles['profile-card--list']}`,
  message: `${styles['profile-card']} ${styles['profile-card--message']}`,
  /** A figure with its label ("3 Total Titles"). */
  stat: styles['profile-stat']!,
}
