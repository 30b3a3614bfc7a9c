import { useEffect, useMemo, useRef, useState } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router-dom'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { FaqList } from '@/components/ui/faq-list'
import { HowTo } from '@/components/ui/how-to'
import { Icon } from '@/components/ui/icon'
import { emptyStateClass, LoadingMore } from '@/components/ui/list-states'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { plural } from '@/lib/format'
import { getStoredSession, setBlockedFlag, useStoredSession } from '@/lib/storage'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useInfiniteScroll } from '@/lib/use-infinite-scroll'
import { useMediaQuery } from '@/lib/use-media-query'
import { useGhostBook } from '../hooks/use-ghost-book'
import { useSearchResults } from '../hooks/use-search-results'
import { endOfResults, GHOST_MESSAGES, LOGIN_FIRST, searchFailure } from '../model/messages'
import { resultAdEvery } from '../model/result-ads'
import type { ResultRow } from '../model/result-row'
import { chooseModeSteps, searchFaq } from '../model/search-help'
import {
  normalizeTerms,
  SEARCH_MESSAGES,
  termsFromSearchParams,
  termsFromState,
  validateSearch,
  type SearchTerms,
} from '../model/search-terms'
import { ReportDialog } from './report-dialog'
import { ResultsTable } from './results-table'
import { SearchForm } from './search-form'
import styles from './search-results-page.module.css'
import shared from './search-shared.module.css'
import { containerClass } from '@/components/ui/container'
import { form } from '@/components/ui/form'
import { iconButtonClass } from '@/components/ui/icon-button'
import { pageHead } from '@/components/ui/page-head'

export interface SearchResultsPageProps {
  /** Opens the blocked-account notice (a 403 BLOCKED answer). */
  onBlocked: (notes: string) => void
  /** The blocked check before a refined search (see SearchForm). */
  beforeSearch?: () => Promise<boolean>
}

/** The terms: from navigation state (spec), else from the query string (reloads and shared links). */
function useSearchTerms(): SearchTerms | null {
  const location = useLocation()
  const [params] = useSearchParams()
  return useMemo(
    () => termsFromState(location.state) ?? termsFromSearchParams(params),
    [location.state, params],
  )
}

/**
 * /search-book: the results of an idea search (with Strut scores) or a keyword search, 10 per page with
 * infinite scroll, a sticky result counter, ad slots between rows, Report and Ghost for signed-in readers, a
 * box to refine the search, and help on choosing a search mode.
 */
export function SearchResultsPage({ onBlocked, beforeSearch }: SearchResultsPageProps) {
  useDocumentTitle('Search Results')
  const terms = useSearchTerms()
  const problem = terms ? validateSearch(terms) : null
  const runnable = terms && !problem ? normalizeTerms(terms) : null
  const { isLoggedIn, userId } = useStoredSession()
  const caller = isLoggedIn ? userId : null
  const results = useSearchResults(runnable, caller)
  const failure = results.isError ? searchFailure(results.error) : null
  const narrow = useMediaQuery('(max-width: 599px)')
  const ghost = useGhostBook()
  const [reporting, setReporting] = useState<ResultRow | null>(null)

  // Blocked (403 BLOCKED): the flag sends the browser away from /search-book (blocked guard) and the notice
  // says why. Once per failed answer: the notice's opening re-renders this page.
  const handledError = useRef<unknown>(null)
  const { error } = results
  useEffect(() => {
    if (!error || handledError.current === error) return
    handledError.current = error
    const outcome = searchFailure(error)
    if (outcome.kind !== 'blocked') return
    setBlockedFlag(true)
    onBlocked(outcome.notes)
  }, [error, onBlocked])

  useInfiniteScroll({
    hasMore: results.hasNextPage,
    loading: results.isFetching,
    loadMore: () => void results.fetchNextPage(),
  })

  const askReport = (row: ResultRow) => {
    const session = getStoredSession()
    if (!session.isLoggedIn || !session.userId) {
      toast.warning(LOGIN_FIRST)
      return
    }
    setReporting(row)
  }

  const rows = results.data?.rows ?? []
  const total = results.data?.total ?? 0
  const structured = runnable?.mode === 'structured'

  return (
    <div className="search-page">
      <section className={styles['search-page__top']} aria-labelledby="search-page-title">
        <div className={containerClass()}>
          <nav className={pageHead.breadcrumb} aria-label="Breadcrumb">
            <Link to={paths.home}>Home</Link>
            <span aria-hidden="true">›</span>
            <span aria-current="page">Search Results</span>
          </nav>
          <h1 id="search-page-title" className={styles['search-page__title']}>
            Search Results
          </h1>
          <p className={styles['search-page__lead']}>
            {runnable?.mode === 'surface'
              ? `Keyword matches for “${runnable.query}”.`
              : structured
                ? 'Books ranked by how well they cover each of your three ideas.'
                : 'Describe three ideas, or one sentence, to find books about them.'}
          </p>
          <div className="search-page__refine">
            <SearchForm
              key={JSON.stringify(runnable ?? terms)}
              variant="refine"
              current={runnable}
              initial={terms}
              beforeSearch={beforeSearch}
            />
          </div>
        </div>
      </section>

      <div className={containerClass(styles['search-page__body'])}>
        {runnable && results.isSuccess && (
          <div className={styles['results-counter']} role="status">
            <strong>{plural(total, 'result')}</strong>
            {runnable.mode === 'structured' && (
              <ol className={styles['results-counter__legend']} aria-label="Your ideas">
                {runnable.ideas.map((idea, i) => (
                  <li key={i} title={idea}>
                    <span
                      className={`${shared['idea-dot']} ${shared[`idea-dot--${i + 1}`] ?? ''}`}
                      aria-hidden="true"
                    />
                    <span className={styles['results-counter__idea']}>{idea}</span>
                  </li>
                ))}
              </ol>
            )}
          </div>
        )}

        {!terms ? (
          <div className={emptyStateClass}>
            <Icon name="search" size={28} />
            <p>Type your ideas above to see matching books with their Strut scores.</p>
          </div>
        ) : problem ? (
          <p className={`${form.alert} ${styles['search-page__problem']}`} role="alert">
            {problem.message}
            {problem.detail && ` ${problem.detail}`}
          </p>
        ) : results.isPending ? (
          <ResultsSkeleton />
        ) : failure ? (
          failure.kind === 'message' && (
            <div className={emptyStateClass} role="alert">
              <p className={styles['search-page__error']}>{failure.message}</p>
              {failure.message === SEARCH_MESSAGES.failed && (
                <Button variant="secondary" onClick={() => void results.refetch()}>
                  Try again
                </Button>
              )}
            </div>
          )
        ) : rows.length === 0 ? (
          <div className={emptyStateClass}>
            <p className={styles['search-page__empty']}>{SEARCH_MESSAGES.noResults}</p>
            <p className="muted">
              {structured
                ? 'Try wording your ideas differently, or make them less specific.'
                : 'Try other words, or switch to Three ideas.'}
            </p>
          </div>
        ) : (
          <ResultsTable
            label="Search results"
            rows={rows}
            showScore={structured}
            adEvery={resultAdEvery(narrow)}
            busyIds={ghost.busyIds}
            busyLabel="Ghosting…"
            actions={
              isLoggedIn
                ? (row) => (
                    <>
                      <button
                        type="button"
                        className={iconButtonClass}
                        onClick={() => askReport(row)}
                        aria-label={`Report ${row.title}`}
                        title="Report"
                      >
                        <Icon name="flag" />
                      </button>
                      <button
                        type="button"
                        className={iconButtonClass}
                        onClick={() => ghost.ask(row)}
                        aria-label={`Ghost ${row.title}`}
                        title="Ghost (hide from my results)"
                      >
                        <Icon name="ghost" />
                      </button>
                    </>
                  )
                : undefined
            }
          />
        )}

        {results.isFetchingNextPage && <LoadingMore />}
        {runnable && results.isSuccess && !results.hasNextPage && rows.length > 0 && (
          <p className={`${styles['search-page__end']} muted`}>{endOfResults(total)}</p>
        )}

        <div className={styles['search-page__help']}>
          <HowTo title="How to choose between the two search modes" minutes={2} steps={chooseModeSteps} />
          <FaqList title="Search FAQ" items={searchFaq} />
        </div>
      </div>

      {ghost.confirming && (
        <ConfirmDialog
          title={GHOST_MESSAGES.confirmTitle}
          confirmLabel="Yes, ghost it"
          tone="danger"
          onConfirm={ghost.confirm}
          onCancel={ghost.cancel}
        >
          <p>{GHOST_MESSAGES.confirmText}</p>
          <p className="muted">“{ghost.confirming.title}” will no longer appear in your results.</p>
        </ConfirmDialog>
      )}
      {reporting && userId && (
        <ReportDialog row={reporting} userId={userId} onClose={() => setReporting(null)} />
      )}
    </div>
  )
}

function ResultsSkeleton() {
  return (
    <div className={styles['results-skeleton']} aria-busy="true">
      <Spinner label="Searching…" className={styles['results-skeleton__spinner']} />
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className={styles['results-skeleton__row']}>
          <Skeleton className={styles['results-skeleton__cover']} />
          <div className={styles['results-skeleton__text']}>
            <Skeleton style={{ width: '60%', height: 16 }} />
            <Skeleton style={{ width: '35%', height: 12 }} />
          </div>
          <Skeleton className={styles['results-skeleton__score']} />
        </div>
      ))}
    </div>
  )
}
