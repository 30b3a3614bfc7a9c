import type { Book } from '@/api/book'
import { bookIdeas } from '@bookstrut/schemas'
import { AuthorProfileLink } from '@/components/book/author-profile-link'
import { BookLinks } from '@/components/book/book-links'
import { BookFacts } from '@/components/book/book-facts'
import { PlayToggle } from '@/components/book/play-toggle'
import { FavoriteButton, LikeButton } from '@/components/book/reaction-buttons'
import { ShelfControl } from '@/components/book/shelf-control'
import { ShareButton } from '@/components/book/share-button'
import { AuthorAvatar } from '@/components/book/author-avatar'
import { CoverImage } from '@/components/ui/fallback-image'
import { FaqList, type FaqItem } from '@/components/ui/faq-list'
import { HoverInfo } from '@/components/ui/hover-info'
import { HowTo, howToStructuredData } from '@/components/ui/how-to'
import { Icon } from '@/components/ui/icon'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { excerpt } from '@/lib/format'
import { useStoredSession } from '@/lib/storage'
import { trackDescriptionClick, trackTargetOf } from '@/lib/tracking'
import { usePageMeta } from '@/lib/use-page-meta'
import { useBook } from '../api/get-book'
import { languageLabel } from '../model/languages'
import { LoadError } from './author-page-parts'
import { bookFaq, readSteps } from './book-help'
import { statusBadgeClass } from '@/components/ui/status-badge'
import shared from './catalogue-shared.module.css'
import styles from './single-book-page.module.css'
import { buttonClass } from '@/components/ui/button'
import { containerClass } from '@/components/ui/container'
import { stackListClass } from '@/components/ui/stack-list'

/** Spec: the page's meta description is the first 150 characters of the book's; FAQ answers 200. */
export const META_DESCRIPTION_CHARS = 150
export const FAQ_EXCERPT_CHARS = 200
const READ_HOW_TO = 'How to read a podblurb page'
const READ_MINUTES = 2

const textOf = (answer: FaqItem['answer']) => (typeof answer === 'string' ? answer : '')

function bookStructuredData(book: Book) {
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Book',
        name: book.title,
        author: { '@type': 'Person', name: book.author },
        description: excerpt(book.description, META_DESCRIPTION_CHARS),
        ...(book.ISBN ? { isbn: book.ISBN } : {}),
        ...(book.year_published ? { datePublished: String(book.year_published) } : {}),
        ...(book.categoryName ? { genre: book.categoryName } : {}),
        ...(book.publisher ? { publisher: book.publisher } : {}),
      },
      {
        '@type': 'FAQPage',
        mainEntity: bookFaq.map((item) => ({
          '@type': 'Question',
          name: item.question,
          acceptedAnswer: { '@type': 'Answer', text: excerpt(textOf(item.answer), FAQ_EXCERPT_CHARS) },
        })),
      },
      howToStructuredData(READ_HOW_TO, READ_MINUTES, readSteps),
    ],
  }
}

function SingleBookSkeleton() {
  return (
    <div className={styles['book-detail']} aria-busy="true" aria-label="Loading the book">
      <Skeleton
        cover
        className={`${styles['book-detail__cover']} ${styles['book-detail__cover--loading']}`}
      />
      <div className={styles['book-detail__info']}>
        <Skeleton style={{ width: '70%', height: 34 }} />
        <Skeleton style={{ width: '40%', height: 18 }} />
        <Skeleton style={{ width: '55%', height: 18 }} />
        <Skeleton style={{ width: '100%', height: 90 }} />
        <Skeleton style={{ width: '60%', height: 40 }} />
      </div>
    </div>
  )
}

/** The single promo page (/single-book/{id}), with like, favourite and share. */
export function SingleBookPage({ bookId }: { bookId: string }) {
  const { userId } = useStoredSession()
  const query = useBook(bookId, userId)
  const book = query.data

  usePageMeta({
    title: book ? `${book.title} by ${book.author}` : query.isError ? 'Book not found' : 'Podblurb',
    description: book ? excerpt(book.description, META_DESCRIPTION_CHARS) : undefined,
    canonicalPath: paths.singleBook(bookId),
    structuredData: book ? bookStructuredData(book) : undefined,
    image: book?.bookCoverImage || undefined,
    type: 'book',
  })

  return (
    <div className={containerClass(styles['single-book'])}>
      {query.isPending ? (
        <SingleBookSkeleton />
      ) : query.isError || !book ? (
        <LoadError
          error={query.error}
          notFound={{ title: 'Book not found', text: 'This book does not exist or is not public yet.' }}
          failed="We couldn't load this book"
          onRetry={() => void query.refetch()}
        />
      ) : (
        <BookDetail book={book} />
      )}
      <div className={shared['help-columns']}>
        <FaqList items={bookFaq} />
        <HowTo title={READ_HOW_TO} minutes={READ_MINUTES} steps={readSteps} />
      </div>
    </div>
  )
}

const statusLabels = { 0: 'Pending review', 1: 'Approved', 2: 'Rejected' } as const

/** The look of the page's action buttons (play, like, favourite, share, author profile). */
const actionClass = (variant: 'secondary' | 'ghost') =>
  buttonClass({ variant, size: 'md', className: styles['book-detail__action'] })

function BookDetail({ book }: { book: Book }) {
  const episode = book.episodes[0]
  const title = book.title || 'Unknown Title'
  // Imported books may come without ideas: then the section is left out.
  const ideas = bookIdeas(book)
  return (
    <article className={styles['book-detail']}>
      <div className={styles['book-detail__cover']}>
        <CoverImage src={book.bookCoverImage} alt={`Cover of ${title}`} width={300} height={400} />
      </div>
      <div className={styles['book-detail__info']}>
        {book.status !== 1 && (
          <p className={statusBadgeClass(book.status)}>
            {statusLabels[book.status]}: only you can see this page until it is approved.
          </p>
        )}
        <h1 className={styles['book-detail__title']}>
          <HoverInfo
            info={excerpt(book.description, 400) || 'No description yet.'}
            onOpen={() => void trackDescriptionClick(trackTargetOf(book))}
          >
            {title}
          </HoverInfo>
        </h1>
        <p className={styles['book-detail__author']}>
          by{' '}
          <HoverInfo focusable={false} info={<AuthorAvatar src={book.authorImage} name={book.author} />}>
            <AuthorProfileLink book={book}>{book.author || 'Unknown author'}</AuthorProfileLink>
          </HoverInfo>
        </p>
        <BookFacts book={book} className={styles['book-facts']} noPodblurb="Not yet recorded">
          {book.publisher && (
            <div>
              <dt>Publisher</dt>
              <dd>{book.publisher}</dd>
            </div>
          )}
          {book.language && (
            <div>
              <dt>Language</dt>
              <dd>{languageLabel(book.language)}</dd>
            </div>
          )}
          {book.ISBN && (
            <div>
              <dt>ISBN</dt>
              <dd>{book.ISBN}</dd>
            </div>
          )}
        </BookFacts>
        <div className={styles['book-detail__actions']}>
          <PlayToggle book={book} variant="button" />
          <LikeButton book={book} className={actionClass('secondary')} />
          <FavoriteButton book={book} className={actionClass('secondary')} />
          <ShelfControl book={book} dates />
          <ShareButton
            bookId={book._id}
            episodeId={episode?._id}
            title={title}
            text={excerpt(book.description, META_DESCRIPTION_CHARS)}
            fallback="copy"
            withLabel
            className={actionClass('secondary')}
          />
          <AuthorProfileLink book={book} className={actionClass('ghost')}>
            <Icon name="user" size={16} />
            <span>Author profile</span>
          </AuthorProfileLink>
        </div>
        <BookLinks book={book} />
        <section className={styles['book-detail__about']} aria-labelledby="about-heading">
          <h2 id="about-heading" className="h3">
            About this book
          </h2>
          <p className={styles['book-detail__description']}>{book.description}</p>
          {ideas.length > 0 && (
            <>
              <h3 className={styles['book-detail__ideas-title']}>Ideas in this book</h3>
              <ul className={`${stackListClass} ${styles['idea-list']}`}>
                {ideas.map((idea) => (
                  <li key={idea}>{idea}</li>
                ))}
              </ul>
            </>
          )}
        </section>
      </div>
    </article>
  )
}
