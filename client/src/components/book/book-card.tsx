import type { Book } from '@/api/book'
import { AuthorAvatar } from './author-avatar'
import { HoverInfo } from '@/components/ui/hover-info'
import { Icon } from '@/components/ui/icon'
import { Skeleton } from '@/components/ui/skeleton'
import { AuthorProfileLink } from './author-profile-link'
import { BookCoverLink, BookTitleLink } from './book-cover-and-title'
import { BookFacts, NO_PODBLURB } from './book-facts'
import { BookLinks } from './book-links'
import { PlayToggle } from './play-toggle'
import { FavoriteButton, LikeButton } from './reaction-buttons'
import { bookShare, ShareButton } from './share-button'
import styles from './book-card.module.css'
import { iconButtonClass } from '@/components/ui/icon-button'

/** The class of a card's slot in a grid or carousel (the li): lines the cards of a row up part by part. */
export const bookCardSlotClass = styles['book-card-slot']

/**
 * The title card of the Top 20 list and the author profile: cover, title (description on hover), links,
 * play/pause, share, author-profile shortcut, year with category, podblurb length and author (picture on
 * hover), like (with the count) and favourite. A click on the title (its description) counts once per browser.
 */
export function BookCard({ book }: { book: Book }) {
  const title = book.title || 'Unknown Title'
  return (
    <article className={styles['book-card']} aria-label={title} data-testid="book-card">
      <BookCoverLink book={book} className={styles['book-card__cover']} width={300} height={400} />
      <div className={styles['book-card__body']}>
        <h3 className={styles['book-card__title']}>
          <BookTitleLink book={book} />
        </h3>
        <BookLinks book={book} compact />
        <div className={styles['book-card__actions']} data-testid="book-card-actions">
          <PlayToggle book={book} />
          <LikeButton book={book} />
          <FavoriteButton book={book} />
          <ShareButton {...bookShare(book, title)} />
          <AuthorProfileLink
            book={book}
            className={iconButtonClass}
            label={`Author profile of ${book.author || title}`}
          >
            <Icon name="user" />
          </AuthorProfileLink>
        </div>
        <BookFacts book={book} className={styles['book-card__meta']} noPodblurb={NO_PODBLURB}>
          <div>
            <dt>Author</dt>
            <dd>
              <HoverInfo
                className={styles['book-card__author']}
                info={<AuthorAvatar src={book.authorImage} name={book.author} />}
              >
                {book.author || 'Unknown'}
              </HoverInfo>
            </dd>
          </div>
        </BookFacts>
      </div>
    </article>
  )
}

/** The card's shape while books load. */
export function BookCardSkeleton() {
  return (
    <div className={`${styles['book-card']} ${styles['book-card--skeleton']}`} aria-hidden="true">
      <Skeleton cover className={styles['book-card__cover']} />
      <div className={styles['book-card__body']}>
        <Skeleton style={{ width: '85%', height: 16 }} />
        <Skeleton style={{ width: '60%', height: 12 }} />
        <Skeleton style={{ width: '70%', height: 12 }} />
      </div>
    </div>
  )
}
