import styles from './status-badge.module.css'

/**
 * A listing's status as a badge: `tone` is the spec's word ('pending', 'approved', 'rejected') or the status
 * number (0, 1, 2); `button` when it opens something (a rejection's reason).
 */
export function statusBadgeClass(
  tone: string | number,
  { button = false }: { button?: boolean } = {},
): string {
  const classes = [
    styles['status-badge'],
    styles[`status-badge--${tone}`],
    button ? styles['status-badge--button'] : '',
  ]
  return classes.filter(Boolean).join(' ')
}
