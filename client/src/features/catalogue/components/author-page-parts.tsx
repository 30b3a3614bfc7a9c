import type { ReactNode } from 'react'
import { Button, ButtonLink } from '@/components/ui/button'
import { containerClass } from '@/components/ui/container'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { errorMessage, isApiError } from '@/lib/api-client'
import styles from './author-page-parts.module.css'
import { emptyStateActionsClass, emptyStateClass } from '@/components/ui/list-states'
import { profileCard } from '@/components/ui/profile-card'
import { section } from '@/components/ui/section'
import shared from './catalogue-shared.module.css'

/**
 * What a catalogue page (a book, an author) shows when it cannot be loaded: "not found" for a 404 or a malformed
 * address (400), otherwise the reason and a retry; both offer the way home.
 */
export function LoadError({
  error,
  notFound,
  failed,
  onRetry,
}: {
  error: unknown
  notFound: { title: string; text: string }
  /** the heading when loading failed for another reason */
  failed: string
  onRetry: () => void
}) {
  const missing = isApiError(error) && (error.status === 404 || error.status === 400)
  return (
    <div className={emptyStateClass} role="alert">
      <h1 className="h3">{missing ? notFound.title : failed}</h1>
      <p className="muted">{missing ? notFound.text : errorMessage(error)}</p>
      <div className={`${section.ctaRow} ${emptyStateActionsClass}`}>
        {!missing && (
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        )}
        <ButtonLink variant="primary" size="md" to={paths.home}>
          <span>Back to home</span>
        </ButtonLink>
      </div>
    </div>
  )
}

/** An author page's name (a skeleton while loading), with an optional line above it, and its Total Titles. */
export function AuthorHeaderText({
  name,
  count,
  kicker,
}: {
  name: string | undefined
  count: number | undefined
  kicker?: ReactNode
}) {
  return (
    <div className={styles['author-header__text']}>
      {kicker}
      {name !== undefined ? (
        <h1 className={styles['author-header__name']}>{name}</h1>
      ) : (
        <Skeleton style={{ width: 220, height: 30 }} />
      )}
      <p className={styles['author-header__meta']}>
        <span className={profileCard.stat}>
          <strong>{count ?? '–'}</strong> Total Titles
        </span>
      </p>
    </div>
  )
}

/** An author page (a profile, an author's books) that could not load: LoadError in the page's frame. */
export function AuthorLoadError({
  query,
  notFound,
  failed,
}: {
  query: { error: unknown; refetch: () => unknown }
  /** what "Author not found" says */
  notFound: string
  failed: string
}) {
  return (
    <div className={containerClass(shared['author-page'])}>
      <LoadError
        error={query.error}
        notFound={{ title: 'Author not found', text: notFound }}
        failed={failed}
        onRetry={() => void query.refetch()}
      />
    </div>
  )
}
