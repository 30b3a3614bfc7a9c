import { PendingChangesNote } from '@/components/book/pending-changes-note'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import type { Book } from '@/api/book'
import { BookLinks } from '@/components/book/book-links'
import { PlayToggle } from '@/components/book/play-toggle'
import { ShareButton } from '@/components/book/share-button'
import { Button } from '@/components/ui/button'
import { CoverImage } from '@/components/ui/fallback-image'
import { Icon } from '@/components/ui/icon'
import { ListStates } from '@/components/ui/list-states'
import { ListHeader } from '@/components/ui/list-header'
import { Modal } from '@/components/ui/modal'
import { paths } from '@/config/paths'
import { errorMessage } from '@/lib/api-client'
import { excerpt, formatDuration } from '@/lib/format'
import { listedCounterText, uploadAllowanceText } from '@/lib/plan-texts'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useInfiniteScroll } from '@/lib/use-infinite-scroll'
import { useOwnAccount } from '../api/get-account'
import { useMyListings } from '../api/get-my-listings'
import { savedListingIdOf } from '../model/saved-listing'
import { standingOf } from './listing-form'
import { PlanLimitDialog } from './plan-limit-dialog'
import { statusBadgeClass } from '@/components/ui/status-badge'
import styles from './listings-page.module.css'
import { stackListClass } from '@/components/ui/stack-list'
import { form } from '@/components/ui/form'
import { adminNote } from '@/components/ui/notice'
import { profileCard } from '@/components/ui/profile-card'
import { iconButtonClass } from '@/components/ui/icon-button'
import { MetaItem } from '@/components/ui/meta-item'

/** Spec: the search box waits 400 ms after typing stops. */
export const SEARCH_DEBOUNCE_MS = 400
export const REJECTED_TITLE = 'Your podcasts Has Been Rejected'

const statusBadge = {
  0: { label: 'Pending', tone: 'pending' },
  1: { label: 'approved', tone: 'approved' },
  2: { label: 'Rejected', tone: 'rejected' },
} as const

/** Renders the analytics panel of an approved listing (the app passes the analytics feature's panel). */
export type RenderAnalytics = (book: Book) => ReactNode

/** /profile-listings: the signed-in author's or publisher's listings in every state. */
export function ListingsPage({
  userId,
  onBlocked,
  renderAnalytics,
}: {
  userId: string
  onBlocked: (notes: string) => void
  renderAnalytics?: RenderAnalytics
}) {
  useDocumentTitle('My Listings')
  const navigate = useNavigate()
  const savedId = savedListingIdOf(useLocation().state)
  const searchId = useId()
  const [search, setSearch] = useState('')
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  const account = useOwnAccount(userId)
  const listings = useMyListings(userId, debounced)
  const [openAnalytics, setOpenAnalytics] = useState<string | null>(null)
  const [rejected, setRejected] = useState<Book | null>(null)
  const [planLimit, setPlanLimit] = useState(false)

  useInfiniteScroll({
    hasMore: listings.hasNextPage,
    loading: listings.isFetching,
    loadMore: () => void listings.fetchNextPage(),
  })

  const addListing = () => {
    const a = account.account
    if (a?.isBlocked) return onBlocked(a.notes)
    if (a && standingOf(a).limitReached) return setPlanLimit(true)
    void navigate(paths.uploadBook)
  }

  const standing = account.account ? standingOf(account.account) : null
  const counter = standing ? listedCounterText(standing) : null
  const items = listings.data?.items ?? []

  return (
    <div className={profileCard.list}>
      <ListHeader
        title="My Listings"
        summary={
          listings.data
            ? `${listings.data.total} ${listings.data.total === 1 ? 'title' : 'titles'}`
            : '\u00a0'
        }
      >
        <div className={styles.listings__tools}>
          <div className={styles['search-box']}>
            <label htmlFor={searchId} className="visually-hidden">
              Search your listings
            </label>
            <Icon name="search" size={16} className={styles['search-box__icon']} />
            <input
              id={searchId}
              type="search"
              className={`${form.input} ${styles['search-box__input']}`}
              placeholder="Search your listings"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <Button className={styles.listings__add} onClick={addListing}>
            <Icon name="plus" size={16} />
            Add Listing{counter && <span className={styles.btn__counter}>{counter}</span>}
          </Button>
        </div>
      </ListHeader>

      {standing?.kind === 'expired' && (
        <p className="form-error listings__expired" role="alert">
          {uploadAllowanceText(standing)} <Link to={paths.membership}>Upgrade your plan</Link>.
        </p>
      )}
      <ListStates
        query={listings}
        rows={items}
        loadingLabel="Loading your listings"
        failedMessage={(error) => errorMessage(error, 'Failed to fetch podcasts')}
        empty="No Listings found."
      >
        {(items) => (
          <ul className={`${stackListClass} ${styles['listing-rows']}`}>
            {items.map((book) => (
              <ListingRow
                key={book._id}
                book={book}
                justSaved={book._id === savedId}
                analyticsOpen={openAnalytics === book._id}
                onToggleAnalytics={() => setOpenAnalytics((id) => (id === book._id ? null : book._id))}
                onShowRejection={() => setRejected(book)}
                onEdit={() => void navigate(paths.uploadBook, { state: { bookId: book._id } })}
                renderAnalytics={renderAnalytics}
              />
            ))}
          </ul>
        )}
      </ListStates>

      {rejected && (
        <Modal open onClose={() => setRejected(null)} title={REJECTED_TITLE} size="sm" tone="danger">
          <div className="stack">
            <p className="muted">{rejected.title}</p>
            <div className={adminNote.box}>
              <p className={adminNote.label}>Reason given by the BookStrut team</p>
              <p className={adminNote.text}>{rejected.statusComment || 'No reason was given.'}</p>
            </div>
            <p>Edit the listing to address the reason; it is then reviewed again.</p>
            <div className={form.buttonPair}>
              <Button variant="ghost" onClick={() => setRejected(null)}>
                Close
              </Button>
              <Button
                onClick={() => void navigate(paths.uploadBook, { state: { bookId: rejected._id } })}
                data-autofocus
              >
                Edit listing
              </Button>
            </div>
          </div>
        </Modal>
      )}
      {planLimit && standing && <PlanLimitDialog standing={standing} onClose={() => setPlanLimit(false)} />}
    </div>
  )
}

function ListingRow({
  book,
  justSaved,
  analyticsOpen,
  onToggleAnalytics,
  onShowRejection,
  onEdit,
  renderAnalytics,
}: {
  book: Book
  /** the listing the author has just saved: highlighted and scrolled into view */
  justSaved: boolean
  analyticsOpen: boolean
  onToggleAnalytics: () => void
  onShowRejection: () => void
  onEdit: () => void
  renderAnalytics?: RenderAnalytics
}) {
  const panelId = useId()
  const rowRef = useRef<HTMLLIElement>(null)
  useEffect(() => {
    if (justSaved) rowRef.current?.scrollIntoView?.({ block: 'center' })
  }, [justSaved])
  const badge = statusBadge[book.status]
  const approved = book.status === 1
  const episode = book.episodes[0]
  return (
    <li
      ref={rowRef}
      className={`${styles['listing-row']}${book.status === 2 ? ` ${styles['listing-row--rejected']}` : ''}${justSaved ? ` ${styles['listing-row--saved']}` : ''}`}
      aria-current={justSaved ? 'true' : undefined}
      aria-label={book.title || 'Unknown Title'}
    >
      {justSaved && <p className={styles['listing-row__saved']}>Just saved</p>}
      <div className={styles['listing-row__main']}>
        <Link
          to={paths.singleBook(book._id)}
          className={styles['listing-row__cover']}
          tabIndex={-1}
          aria-hidden="true"
        >
          <CoverImage src={book.bookCoverImage} width={72} height={96} />
        </Link>
        <div className={styles['listing-row__text']}>
          <h2 className={styles['listing-row__title']}>
            <Link to={paths.singleBook(book._id)}>{book.title || 'Unknown Title'}</Link>
          </h2>
          <p className={styles['listing-row__labels']}>
            <MetaItem label="Author">{book.author}</MetaItem>
            {book.publisher && <MetaItem label="Publisher">{book.publisher}</MetaItem>}
            <MetaItem label="Podblurb">{episode?.fileUrl ? formatDuration(episode.duration) : '—'}</MetaItem>
          </p>
          <BookLinks book={book} compact />
          {book.pendingChanges && <PendingChangesNote changes={book.pendingChanges} viewer="owner" />}
        </div>
        <div className={styles['listing-row__status']}>
          {book.status === 2 ? (
            <button
              type="button"
              className={statusBadgeClass(badge.tone, { button: true })}
              data-testid="status-badge"
              onClick={onShowRejection}
              aria-haspopup="dialog"
            >
              {badge.label}
            </button>
          ) : (
            <span className={statusBadgeClass(badge.tone)} data-testid="status-badge">
              {badge.label}
            </span>
          )}
        </div>
        <div className={styles['listing-row__actions']}>
          <PlayToggle book={book} />
          <ShareButton bookId={book._id} title={book.title} text={excerpt(book.description, 150)} />
          <Link
            to={paths.authorProfile(book.createBy)}
            className={iconButtonClass}
            aria-label="Your author profile"
          >
            <Icon name="user" />
          </Link>
          <button
            type="button"
            className={iconButtonClass}
            onClick={onEdit}
            aria-label={`Edit ${book.title}`}
          >
            <Icon name="edit" />
          </button>
          <button
            type="button"
            className={`${styles['toggle-button']}${analyticsOpen ? ` ${styles['toggle-button--on']}` : ''}`}
            onClick={onToggleAnalytics}
            disabled={!approved}
            aria-expanded={approved ? analyticsOpen : undefined}
            aria-controls={approved ? panelId : undefined}
            title={approved ? undefined : 'Analytics open once the listing is approved'}
          >
            <Icon name="chart" size={16} />
            <span>Analytics</span>
          </button>
        </div>
      </div>
      {approved && analyticsOpen && (
        <div
          id={panelId}
          className={styles['listing-row__analytics']}
          role="region"
          aria-label={`Analytics of ${book.title}`}
        >
          {renderAnalytics ? renderAnalytics(book) : <p className="muted">Analytics not available</p>}
        </div>
      )}
    </li>
  )
}
