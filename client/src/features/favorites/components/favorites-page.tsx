import { toast } from 'sonner'
import type { Book } from '@/api/book'
import { AuthorProfileLink } from '@/components/book/author-profile-link'
import { BookCoverLink, BookTitleLink } from '@/components/book/book-cover-and-title'
import { BookFacts } from '@/components/book/book-facts'
import { BookLinks } from '@/components/book/book-links'
import { PlayToggle } from '@/components/book/play-toggle'
import { LikeButton } from '@/components/book/reaction-buttons'
import { bookShare, ShareButton } from '@/components/book/share-button'
import { AvatarImage } from '@/components/ui/fallback-image'
import { Icon } from '@/components/ui/icon'
import { ListStates } from '@/components/ui/list-states'
import { ListHeader } from '@/components/ui/list-header'
import { Spinner } from '@/components/ui/spinner'
import { ApiError, GENERIC_ERROR } from '@/lib/api-client'
import { excerpt } from '@/lib/format'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useInfiniteScroll } from '@/lib/use-infinite-scroll'
import { useFavorites } from '../api/get-favorites'
import { useRemoveFavorite } from '../api/remove-favorite'
import styles from './favorites-page.module.css'
import { stackListClass } from '@/components/ui/stack-list'
import { profileCard } from '@/components/ui/profile-card'
import { iconButtonClass } from '@/components/ui/icon-button'

/** Spec reader-and-account section 8, "Favourites". */
export const FAVORITE_MESSAGES = {
  fetchFailed: 'Failed to fetch podcasts',
  removed: 'Removed from favorites',
  removeFailed: 'Failed to remove from favorites',
  invalid: 'Invalid data structure',
  empty: 'No results found',
  loadingMore: 'Loading more...',
} as const

/** The server's own words when it sent some; otherwise the fallback (network errors and unread answers included). */
const serverWords = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status !== 0 && error.message && error.message !== GENERIC_ERROR
    ? error.message
    : fallback

/**
 * /profile-fevorite (the route's spelling): the reader's favourite books, 10 per page with infinite scroll. Each
 * row: cover, title with description, links, ISBN, publisher, like count, play/pause, author profile, share,
 * remove from favourites, author picture, year with category and the podblurb's length.
 */
export function FavoritesPage({ userId }: { userId: string }) {
  useDocumentTitle('Favorite')
  const favorites = useFavorites(userId)
  const remove = useRemoveFavorite(userId)

  useInfiniteScroll({
    hasMore: favorites.hasNextPage,
    loading: favorites.isFetching,
    loadMore: () => void favorites.fetchNextPage(),
  })

  const handleRemove = (book: Book) => {
    if (!book._id) {
      toast.error(FAVORITE_MESSAGES.invalid)
      return
    }
    remove.mutate(
      { bookId: book._id, episodeId: book.episodes[0]?._id },
      {
        onSuccess: () => toast.success(FAVORITE_MESSAGES.removed),
        onError: (error) => toast.error(serverWords(error, FAVORITE_MESSAGES.removeFailed)),
      },
    )
  }

  const rows = favorites.data?.rows ?? []
  const total = favorites.data?.total ?? 0
  const removing = remove.isPending ? remove.variables.bookId : null

  return (
    <div className={profileCard.list}>
      <ListHeader
        title="Favorite"
        summary={
          favorites.isSuccess
            ? `${total} favorite ${total === 1 ? 'title' : 'titles'}`
            : 'The titles you marked as favorites.'
        }
      />

      <ListStates
        query={favorites}
        rows={rows}
        loadingLabel="Loading your favorites"
        failedMessage={FAVORITE_MESSAGES.fetchFailed}
        loadingMoreLabel={FAVORITE_MESSAGES.loadingMore}
        empty={
          <>
            <Icon name="star" size={28} />
            <p className="favorites__empty">{FAVORITE_MESSAGES.empty}</p>
            <p className="muted">Mark a title with the star to keep it here.</p>
          </>
        }
      >
        {(rows) => (
          <ul className={`${stackListClass} ${styles.favorites__list}`} aria-label="Favorite titles">
            {rows.map((book) => (
              <FavoriteRow
                key={book._id}
                book={book}
                removing={removing === book._id}
                onRemove={() => handleRemove(book)}
              />
            ))}
          </ul>
        )}
      </ListStates>
    </div>
  )
}

function FavoriteRow({ book, removing, onRemove }: { book: Book; removing: boolean; onRemove: () => void }) {
  const title = book.title || 'Unknown Title'
  return (
    <li
      className={`${styles['favorite-row']}${removing ? ` ${styles['favorite-row--busy']}` : ''}`}
      aria-label={title}
      aria-busy={removing}
    >
      <BookCoverLink book={book} className={styles['favorite-row__cover']} width={72} height={96} />
      <div className="favorite-row__main">
        <h2 className={styles['favorite-row__title']}>
          <BookTitleLink book={book} />
        </h2>
        <p className={styles['favorite-row__description']}>{excerpt(book.description, 200)}</p>
        <BookLinks book={book} compact />
        <BookFacts book={book} className={styles['favorite-row__facts']} noPodblurb="—">
          <div>
            <dt>ISBN</dt>
            <dd>{book.ISBN ?? '—'}</dd>
          </div>
          <div>
            <dt>Publisher</dt>
            <dd>{book.publisher || '—'}</dd>
          </div>
        </BookFacts>
      </div>
      <div className={styles['favorite-row__side']}>
        <AuthorProfileLink book={book} className={styles['favorite-row__author']}>
          <AvatarImage
            src={book.authorImage}
            className={styles['favorite-row__avatar']}
            width={40}
            height={40}
          />
          <span>{book.author || 'Unknown'}</span>
        </AuthorProfileLink>
        <div className={styles['favorite-row__actions']}>
          <PlayToggle book={book} />
          <LikeButton book={book} />
          <ShareButton {...bookShare(book, title)} />
          <button
            type="button"
            className={iconButtonClass}
            onClick={onRemove}
            disabled={removing}
            aria-label={`Remove ${title} from favorites`}
            title="Remove from favorites"
          >
            {removing ? <Spinner size="sm" /> : <Icon name="trash" />}
          </button>
        </div>
      </div>
    </li>
  )
}
