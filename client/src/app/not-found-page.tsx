import styles from '@/components/ui/placeholder-page.module.css'
import { buttonClass } from '@/components/ui/button'
import { containerClass } from '@/components/ui/container'
import notFound from './not-found-page.module.css'

/**
 * What the server sends, with HTTP 404, for an address whose page has nothing to show (a book that is not public,
 * an unknown path), and what the app shows for an address it has no page for, with a search box.
 */
export function NotFoundPage() {
  return (
    <section className={containerClass(styles.placeholder)} aria-labelledby="not-found-title">
      <div className={styles.placeholder__card}>
        <h1 id="not-found-title" className={styles.placeholder__title}>
          Page not found
        </h1>
        <p className={styles.placeholder__text}>
          This page does not exist or is not public. Look for a book instead:
        </p>
        {/* A plain GET form: it works before the app's scripts run (the server sends this page with its 404). */}
        <form className={notFound.search} action="/search-book" method="get" role="search">
          <label htmlFor="not-found-query" className="visually-hidden">
            Search books by title, author or a word of their ideas
          </label>
          <input
            id="not-found-query"
            name="query"
            type="search"
            required
            maxLength={200}
            className={notFound.search__input}
            placeholder="Title, author or an idea"
          />
          <button type="submit" className={buttonClass({ variant: 'primary', size: 'md' })}>
            <span>Search</span>
          </button>
        </form>
        <a className={buttonClass({ variant: 'secondary', size: 'md' })} href="/">
          <span>Back to home</span>
        </a>
      </div>
    </section>
  )
}
