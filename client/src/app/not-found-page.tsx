import styles from '@/components/ui/placeholder-page.module.css'
import { buttonClass } from '@/components/ui/button'
import { containerClass } from '@/components/ui/container'

/**
 * What the server sends, with HTTP 404, for an address whose page has nothing to show (a book that is not public,
 * an unknown path). In the browser the app then starts afresh and shows its own answer.
 */
export function NotFoundPage() {
  return (
    <section className={containerClass(styles.placeholder)} aria-labelledby="not-found-title">
      <div className={styles.placeholder__card}>
        <h1 id="not-found-title" className={styles.placeholder__title}>
          Page not found
        </h1>
        <p className={styles.placeholder__text}>This page does not exist or is not public.</p>
        <a className={buttonClass({ variant: 'secondary', size: 'md' })} href="/">
          <span>Back to home</span>
        </a>
      </div>
    </section>
  )
}
