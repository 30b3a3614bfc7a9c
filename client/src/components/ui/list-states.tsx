import type { ReactNode } from 'react'
import { ApiError, GENERIC_ERROR } from '@/lib/api-client'
import { Button } from './button'
import styles from './list-states.module.css'
import { Spinner } from './spinner'

/** What a list page needs to know about its query (a react-query result, plain or infinite, fits). */
export interface ListQueryState {
  isPending: boolean
  isError: boolean
  error: unknown
  refetch: () => unknown
  isFetchingNextPage?: boolean
}

/**
 * The failure text of a list that did not load: "Something went wrong" when the server was unreachable (spec), the
 * server's own words when it sent some, else the page's fallback (e.g. "Failed to fetch podcasts").
 */
export function listFailure(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 0) return GENERIC_ERROR
  return error instanceof ApiError && error.message && error.message !== GENERIC_ERROR
    ? error.message
    : fallback
}

/**
 * The four states every list page shows, in one place: loading (a spinner with a label), error (the message and
 * "Try again"), empty (the page's own empty state) and the rows, plus "Loading more..." under the rows while an
 * infinite list fetches its next page.
 */
/** A list's message in place of its rows (empty, failed): centred, muted. */
export const emptyStateClass = styles['empty-state']
/** Its row of buttons (with the section's cta-row class): centred, closer to the message. */
export const emptyStateActionsClass = styles['empty-state__actions']

export function ListStates<Row>({
  query,
  rows,
  loadingLabel,
  loading,
  failedMessage,
  empty,
  loadingMoreLabel = 'Loading more...',
  children,
}: {
  query: ListQueryState
  rows: readonly Row[]
  /** Read by screen readers while the first page loads, e.g. "Loading your favorites". */
  loadingLabel: string
  /** What the first load shows instead of the spinner (e.g. skeletons shaped like the rows). */
  loading?: ReactNode
  /**
   * The page's fallback failure text (see listFailure), or the page's own rule from the error to its text where
   * its spec words it differently (e.g. the server's words whatever they are, or always the same sentence).
   */
  failedMessage: string | ((error: unknown) => string)
  /** What an empty list shows: the spec's words, usually with a hint of how to fill it. */
  empty: ReactNode
  loadingMoreLabel?: string
  children: (rows: readonly Row[]) => ReactNode
}) {
  if (query.isPending) {
    if (loading !== undefined) return loading
    return (
      <div className={styles.loading}>
        <Spinner size="lg" label={loadingLabel} />
      </div>
    )
  }
  if (query.isError) {
    return (
      <div className={emptyStateClass} role="alert">
        <p>
          {typeof failedMessage === 'string'
            ? listFailure(query.error, failedMessage)
            : failedMessage(query.error)}
        </p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  if (rows.length === 0) return <div className={emptyStateClass}>{empty}</div>
  return (
    <>
      {children(rows)}
      {query.isFetchingNextPage && <LoadingMore label={loadingMoreLabel} />}
    </>
  )
}

/** "Loading more..." under an infinite list's rows while its next page loads. */
export function LoadingMore({ label = 'Loading more...' }: { label?: string }) {
  return (
    <div className={styles.more}>
      <Spinner label={label} />
      <span>{label}</span>
    </div>
  )
}
