import type { CSSProperties } from 'react'
import styles from './skeleton.module.css'

/** A grey placeholder block shown while content loads; `cover` gives it a book cover's shape (3:4, full width). */
export function Skeleton({
  className,
  style,
  cover,
}: {
  className?: string
  style?: CSSProperties
  cover?: boolean
}) {
  const classes = [styles.skeleton, cover ? styles['skeleton--cover'] : '', className]
    .filter(Boolean)
    .join(' ')
  return <span className={classes} style={style} aria-hidden="true" data-loading="" />
}
