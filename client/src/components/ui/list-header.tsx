import type { ReactNode } from 'react'
import styles from './list-header.module.css'

/**
 * The head of a profile list page (My Listings, Favorite, Ghosted Titles, Saved Search): the title, a line that
 * counts the rows (or says what the list holds while it loads), and the page's tools on the right.
 */
export function ListHeader({
  title,
  summary,
  children,
}: {
  title: string
  summary: ReactNode
  children?: ReactNode
}) {
  return (
    <div className={styles.listings__head}>
      <div>
        <h1 className={`h3 ${styles.listings__title}`}>{title}</h1>
        <p className="muted">{summary}</p>
      </div>
      {children}
    </div>
  )
}
