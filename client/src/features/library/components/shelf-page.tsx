import { NavLink } from 'react-router-dom'
import type { ShelvedBook } from '@bookstrut/schemas'
import { BookCoverLink, BookTitleLink } from '@/components/book/book-cover-and-title'
import { ShelfControl } from '@/components/book/shelf-control'
import { Icon } from '@/components/ui/icon'
import { ListHeader } from '@/components/ui/list-header'
import { ListStates } from '@/components/ui/list-states'
import { profileCard } from '@/components/ui/profile-card'
import { stackListClass } from '@/components/ui/stack-list'
import { paths } from '@/config/paths'
import { SHELF_NAMES, SHELF_SLUGS, type Shelf } from '@/lib/shelves'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useInfiniteScroll } from '@/lib/use-infinite-scroll'
import { useShelf, useShelfCounts } from '../api/get-shelf'
import styles from './shelf-page.module.css'

const SHELVES = Object.keys(SHELF_NAMES) as Shelf[]

/** "12 Oct 2026" from the reader's day. */
const dayText = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })

const EMPTY: Record<Shelf, string> = {
  want_to_read:
    'Books you mean to read land here: choose "Want to read" on a book, or import your Goodreads library.',
  reading: 'Books you are reading now land here.',
  read: 'Books you have finished land here, with the day you finished them.',
}

/**
 * /profile-shelves/{shelf}: one of the reader's shelves, ten books a page with infinite scroll, tabs to the other
 * two with their counts. Each row can be moved to another shelf (or off them) where it is.
 */
export function ShelfPage({ userId, shelf }: { userId: string; shelf: Shelf }) {
  useDocumentTitle(SHELF_NAMES[shelf])
  const list = useShelf(userId, shelf)
  const counts = useShelfCounts(userId)
  useInfiniteScroll({
    hasMore: list.hasNextPage,
    loading: list.isFetching,
    loadMore: () => void list.fetchNextPage(),
  })
  const rows = list.data?.rows ?? []
  const total = list.data?.total ?? 0

  return (
    <div className={profileCard.list}>
      <ListHeader
        title={SHELF_NAMES[shelf]}
        summary={list.isSuccess ? `${total} ${total === 1 ? 'book' : 'books'}` : 'Your books on this shelf.'}
      >
        <NavLink to={paths.profileImport} className={styles['shelf-page__import']}>
          Import from Goodreads or StoryGraph
        </NavLink>
      </ListHeader>
      <nav aria-label="Shelves" className={styles['shelf-tabs']}>
        {SHELVES.map((s) => (
          <NavLink
            key={s}
            to={paths.profileShelf(SHELF_SLUGS[s])}
            className={({ isActive }) =>
              `${styles['shelf-tabs__tab']}${isActive ? ` ${styles['shelf-tabs__tab--on']}` : ''}`
            }
          >
            {SHELF_NAMES[s]}
            {counts.data && <span className={styles['shelf-tabs__count']}>{counts.data[s]}</span>}
          </NavLink>
        ))}
      </nav>
      <ListStates
        query={list}
        rows={rows}
        loadingLabel={`Loading your ${SHELF_NAMES[shelf]} shelf`}
        failedMessage="Failed to fetch your shelf"
        empty={
          <>
            <Icon name="star" size={28} />
            <p>This shelf is empty.</p>
            <p className="muted">{EMPTY[shelf]}</p>
          </>
        }
      >
        {(rows) => (
          <ul
            className={`${stackListClass} ${styles['shelf-list']}`}
            aria-label={`${SHELF_NAMES[shelf]} books`}
          >
            {rows.map((row) => (
              <ShelfRow key={row.book._id} row={row} />
            ))}
          </ul>
        )}
      </ListStates>
    </div>
  )
}

function ShelfRow({ row }: { row: ShelvedBook }) {
  const { book, place } = row
  const title = book.title || 'Unknown Title'
  return (
    <li className={styles['shelf-row']} aria-label={title}>
      <BookCoverLink book={book} className={styles['shelf-row__cover']} width={64} height={88} />
      <div className={styles['shelf-row__main']}>
        <h2 className={styles['shelf-row__title']}>
          <BookTitleLink book={book} />
        </h2>
        <p className={styles['shelf-row__author']}>{book.author || 'Unknown'}</p>
        <p className={styles['shelf-row__dates']}>
          {place.startedOn && <span>Started {dayText(place.startedOn)}</span>}
          {place.finishedOn && <span>Finished {dayText(place.finishedOn)}</span>}
          {place.importId && <span>Imported</span>}
        </p>
      </div>
      <div className={styles['shelf-row__side']}>
        <ShelfControl book={book} />
      </div>
    </li>
  )
}
