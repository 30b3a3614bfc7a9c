import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { AuthorProfileLink } from '@/components/book/author-profile-link'
import { BookCoverLink, BookTitleLink } from '@/components/book/book-cover-and-title'
import { yearOf } from '@/components/book/book-facts'
import { PlayToggle } from '@/components/book/play-toggle'
import { FavoriteButton, LikeButton } from '@/components/book/reaction-buttons'
import { ShelfControl } from '@/components/book/shelf-control'
import { AdSlot } from '@/components/ui/ad-slot'
import { AuthorAvatar } from '@/components/book/author-avatar'
import { HoverInfo } from '@/components/ui/hover-info'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { withAdSlots } from '@/lib/ad-slots'
import { formatDuration } from '@/lib/format'
import type { ResultRow } from '../model/result-row'
import { termsToSearchParams, termsToState } from '../model/search-terms'
import { FoundItButton } from './found-it-button'
import { StrutScore } from './strut-score'
import styles from './results-table.module.css'

export interface ResultsTableProps {
  /** Names the table for assistive technology. */
  label: string
  rows: readonly ResultRow[]
  /** The Strut Score column (idea search). */
  showScore?: boolean
  /** The Ghost Count column (the ghost view only). */
  showGhostCount?: boolean
  /** An ad slot after every n-th row; none when null. */
  adEvery?: number | null
  /** Rows covered by a loading overlay (a ghost on its way), with what it says. */
  busyIds?: ReadonlySet<string>
  busyLabel?: string
  /** Per-row buttons (Report and Ghost; Remove Ghost), in the last column. */
  actions?: ((row: ResultRow) => ReactNode) | undefined
}

/** A category opens a keyword search for it. */
const categoryLink = (category: string) => {
  const terms = { mode: 'surface', query: category } as const
  return { to: `${paths.searchBook}?${termsToSearchParams(terms).toString()}`, state: termsToState(terms) }
}

/**
 * The results table of the search page (and of the ghost view): Title, Author, Year Pub, Strut Score, Ghost
 * Count, Podblurb, and the row actions. Rows lay out as cards on narrow screens.
 *
 * The table is one CSS grid and each row a subgrid of it, so a column is as wide as its widest cell: the Podblurb
 * (play, length, like, favourite) and action columns size to their buttons and nothing in a row can overlap its
 * neighbour at any width (results-table.module.css).
 */
export function ResultsTable({
  label,
  rows,
  showScore = false,
  showGhostCount = false,
  adEvery = null,
  busyIds,
  busyLabel = 'Working…',
  actions,
}: ResultsTableProps) {
  const cells = adEvery
    ? withAdSlots(rows, adEvery, false)
    : rows.map((item) => ({ kind: 'item' as const, item }))
  const modifiers = [
    showScore ? styles['results-table--score'] : '',
    showGhostCount ? styles['results-table--ghost'] : '',
    actions ? styles['results-table--actions'] : '',
  ]
    .filter(Boolean)
    .join(' ')
  return (
    <div className={`${styles['results-table']} ${modifiers}`} role="table" aria-label={label}>
      <div className={styles['results-table__head']} role="rowgroup">
        <div className={`${styles['results-table__row']} ${styles['results-table__row--head']}`} role="row">
          <span role="columnheader">Title</span>
          <span role="columnheader">Author</span>
          <span role="columnheader">Year Pub</span>
          {showScore && <span role="columnheader">Strut Score</span>}
          {showGhostCount && <span role="columnheader">Ghost Count</span>}
          <span role="columnheader">Podblurb</span>
          {actions && (
            <span role="columnheader">
              <span className="visually-hidden">Actions</span>
            </span>
          )}
        </div>
      </div>
      <div className={styles['results-table__body']} role="rowgroup">
        {cells.map((cell) =>
          cell.kind === 'ad' ? (
            <div
              key={cell.key}
              className={`${styles['results-table__row']} ${styles['results-table__row--ad']}`}
              role="row"
            >
              <div role="cell" className={styles['results-table__ad']}>
                <AdSlot />
              </div>
            </div>
          ) : (
            <ResultRowView
              key={cell.item._id}
              row={cell.item}
              showScore={showScore}
              showGhostCount={showGhostCount}
              busy={busyIds?.has(cell.item._id) ?? false}
              busyLabel={busyLabel}
              actions={actions}
            />
          ),
        )}
      </div>
    </div>
  )
}

function ResultRowView({
  row,
  showScore,
  showGhostCount,
  busy,
  busyLabel,
  actions,
}: {
  row: ResultRow
  showScore: boolean
  showGhostCount: boolean
  busy: boolean
  busyLabel: string
  actions: ((row: ResultRow) => ReactNode) | undefined
}) {
  const year = yearOf(row)
  const episode = row.episodes[0]
  return (
    <div
      className={`${styles['results-table__row']} ${styles['result-row']}${busy ? ` ${styles['result-row--busy']}` : ''}`}
      role="row"
      data-testid="result-row"
      aria-busy={busy || undefined}
    >
      <div role="cell" className={styles['result-row__book']}>
        <BookCoverLink book={row} className={styles['result-row__cover']} width={60} height={80} />
        <div className={styles['result-row__title-wrap']}>
          <BookTitleLink book={row} className={styles['result-row__title']} />
          {row.categoryName && (
            <Link className={styles['result-row__category']} {...categoryLink(row.categoryName)}>
              {row.categoryName}
            </Link>
          )}
          {/* Idea search results only: the loop that learns from readers (docs/idea-search.md, "Found it"). */}
          {showScore && <FoundItButton row={row} />}
        </div>
      </div>
      <div role="cell" className={styles['result-row__author']}>
        <span className={styles['result-row__label']} aria-hidden="true">
          Author
        </span>
        <HoverInfo info={<AuthorAvatar src={row.authorImage} name={row.author} />} focusable={false}>
          <AuthorProfileLink book={row}>{row.author || 'Unknown'}</AuthorProfileLink>
        </HoverInfo>
      </div>
      <div role="cell" className={styles['result-row__year']}>
        <span className={styles['result-row__label']} aria-hidden="true">
          Year Pub
        </span>
        <span>{year ?? 'Unknown'}</span>
      </div>
      {showScore && (
        <div role="cell" className={styles['result-row__score']}>
          {row.strut ? <StrutScore strut={row.strut} /> : <span className="muted">—</span>}
        </div>
      )}
      {showGhostCount && (
        <div role="cell" className={styles['result-row__ghosts']}>
          <span className={styles['result-row__label']} aria-hidden="true">
            Ghost Count
          </span>
          <span>{row.ghostCount}</span>
        </div>
      )}
      <div role="cell" className={styles['result-row__play']}>
        <span className={styles['result-row__listen']}>
          <PlayToggle book={row} />
          <span className={styles['result-row__duration']}>
            <span className="visually-hidden">Podblurb length </span>
            {episode?.fileUrl ? formatDuration(episode.duration) : '—'}
          </span>
        </span>
        <span className={styles['result-row__reactions']}>
          <LikeButton book={row} />
          <FavoriteButton book={row} />
          <ShelfControl book={row} />
        </span>
      </div>
      {actions && (
        <div role="cell" className={styles['result-row__actions']}>
          {actions(row)}
        </div>
      )}
      {busy && (
        <div className={styles['result-row__overlay']} role="status">
          <Spinner />
          <span>{busyLabel}</span>
        </div>
      )}
    </div>
  )
}
