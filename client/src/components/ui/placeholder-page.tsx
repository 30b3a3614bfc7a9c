import type { ReactNode } from 'react'
import { useDocumentTitle } from '@/lib/use-document-title'
import styles from './placeholder-page.module.css'
import { ButtonLink } from './button'
import { containerClass } from './container'

export interface PlaceholderPageProps {
  title: string
  /** One sentence saying what the page will hold. */
  description?: ReactNode
  /** Set inside the profile area, where the sidebar already frames the page. */
  compact?: boolean
}

/** A tidy stand-in for a page that a later issue builds. */
export function PlaceholderPage({ title, description, compact = false }: PlaceholderPageProps) {
  useDocumentTitle(title)
  return (
    <section
      className={
        compact
          ? `${styles.placeholder} ${styles['placeholder--compact']}`
          : containerClass(styles.placeholder)
      }
      aria-labelledby="placeholder-title"
    >
      <div className={styles.placeholder__card}>
        <span className={styles.placeholder__badge}>Coming soon</span>
        <h1 id="placeholder-title" className={styles.placeholder__title}>
          {title}
        </h1>
        <p className={styles.placeholder__text}>{description ?? 'This page is coming soon.'}</p>
        {!compact && (
          <ButtonLink variant="secondary" size="md" to="/">
            <span>Back to home</span>
          </ButtonLink>
        )}
      </div>
    </section>
  )
}
