import type { Podcast } from '@bookstrut/schemas'
import { AuthorProfileLink } from '@/components/book/author-profile-link'
import { BookLinks } from '@/components/book/book-links'
import { BookFacts } from '@/components/book/book-facts'
import { PlayToggle } from '@/components/book/play-toggle'
import { FavoriteButton, LikeButton } from '@/components/book/reaction-buttons'
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
import { usePodcast } from '../api/get-podcast'
import { languageLabel } from '../model/languages'
import { LoadError } from './author-page-parts'
import { bookFaq, readSteps } from './book-help'
import styles from './single-book-page.module.css'
import { buttonClass } from '@/components/ui/button'
import { containerClass } from '@/components/ui/container'

/** Spec: the page's meta description is the first 150 characters of the book's; FAQ answers 200. */
export const META_DESCRIPTION_CHARS = 150
export const FAQ_EXCERPT_CHARS = 200
const READ_HOW_TO = 'How to read a podblurb page'
const READ_MINUTES = 2

const textOf = (answer: FaqItem['answer']) => (typeof answer === 'string' ? answer : '')

function bookStructuredData(podcast: Podcast) {
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Book',
        name: podcast.title,
        author: { '@type': 'Person', name: podcast.author },
        description: excerpt(podcast.description, META_DESCRIPTION_CHARS),
        ...(podcast.ISBN ? { isbn: podcast.ISBN } : {}),
        ...(podcast.year_published ? { datePublished: String(podcast.year_published) } : {}),
        ...(podcast.categoryName ? { genre: podcast.categoryName } : {}),
        ...(podcast.publisher ? { publisher: podcast.publisher } : {}),
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
    <div className="book-detail" aria-busy="true" aria-label="Loading the book">
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
export function SingleBookPage({ podcastId }: { podcastId: string }) {
  const { userId } = useStoredSession()
  const query = usePodcast(podcastId, userId)
  const podcast = query.data

  usePageMeta({
    title: podcast ? `${podcast.title} by ${podcast.author}` : query.isError ? 'Book not found' : 'Podblurb',
    description: podcast ? excerpt(podcast.description, META_DESCRIPTION_CHARS) : undefined,
    canonicalPath: paths.singleBook(podcastId),
    structuredData: podcast ? bookStructuredData(podcast) : undefined,
    image: podcast?.bookCoverImage || undefined,
    type: 'book',
  })

  return (
    <div className={containerClass('single-book')}>
      {query.isPending ? (
        <SingleBookSkeleton />
      ) : query.isError || !podcast ? (
        <LoadError
          error={query.error}
          notFound={{ title: 'Book not found', text: 'This book does not exist or is not public yet.' }}
          failed="We couldn't load this book"
          onRetry={() => void query.refetch()}
        />
      ) : (
        <BookDetail podcast={podcast} />
      )}
      <div className="single-book__help">
        <FaqList items={bookFaq} />
        <HowTo title={READ_HOW_TO} minutes={READ_MINUTES} steps={readSteps} />
      </div>
    </div>
  )
}

const statusLabels = { 0: 'Pending review', 1: 'Approved', 2: 'Rejected' } as const

function BookDetail({ podcast }: { podcast: Podcast }) {
  const episode = podcast.episodes[0]
  const title = podcast.title || 'Unknown Title'
  // Imported books may come without ideas: then the section is left out.
  const ideas = [podcast.primary_key, podcast.secondary_key, podcast.additional_key].filter(
    (idea) => idea.trim() !== '',
  )
  return (
    <article className="book-detail">
      <div className={styles['book-detail__cover']}>
        <CoverImage src={podcast.bookCoverImage} alt={`Cover of ${title}`} width={300} height={400} />
      </div>
      <div className={styles['book-detail__info']}>
        {podcast.status !== 1 && (
          <p className={`status-badge status-badge--${podcast.status}`}>
            {statusLabels[podcast.status]}: only you can see this page until it is approved.
          </p>
        )}
        <h1 className={styles['book-detail__title']}>
          <HoverInfo
            info={excerpt(podcast.description, 400) || 'No description yet.'}
            onOpen={() => void trackDescriptionClick(trackTargetOf(podcast))}
          >
            {title}
          </HoverInfo>
        </h1>
        <p className={styles['book-detail__author']}>
          by{' '}
          <HoverInfo
            focusable={false}
            info={<AuthorAvatar src={podcast.authorImage} name={podcast.author} />}
          >
            <AuthorProfileLink podcast={podcast}>{podcast.author || 'Unknown author'}</AuthorProfileLink>
          </HoverInfo>
        </p>
        <BookFacts podcast={podcast} className="book-facts" noPodblurb="Not yet recorded">
          {podcast.publisher && (
            <div>
              <dt>Publisher</dt>
              <dd>{podcast.publisher}</dd>
            </div>
          )}
          {podcast.language && (
            <div>
              <dt>Language</dt>
              <dd>{languageLabel(podcast.language)}</dd>
            </div>
          )}
          {podcast.ISBN && (
            <div>
              <dt>ISBN</dt>
              <dd>{podcast.ISBN}</dd>
            </div>
          )}
        </BookFacts>
        <div className={styles['book-detail__actions']}>
          <PlayToggle podcast={podcast} variant="button" />
          <LikeButton
            podcast={podcast}
            className={buttonClass({
              variant: 'secondary',
              size: 'md',
              className: styles['book-detail__action'],
            })}
          />
          <FavoriteButton
            podcast={podcast}
            className={buttonClass({
              variant: 'secondary',
              size: 'md',
              className: styles['book-detail__action'],
            })}
          />
          <ShareButton
            podcastId={podcast._id}
            episodeId={episode?._id}
            title={title}
            text={excerpt(podcast.description, META_DESCRIPTION_CHARS)}
            fallback="copy"
            withLabel
            className={buttonClass({
              variant: 'secondary',
              size: 'md',
              className: styles['book-detail__action'],
            })}
          />
          <AuthorProfileLink
            podcast={podcast}
            className={buttonClass({
              variant: 'ghost',
              size: 'md',
              className: styles['book-detail__action'],
            })}
          >
            <Icon name="user" size={16} />
            <span>Author profile</span>
          </AuthorProfileLink>
        </div>
        <BookLinks podcast={podcast} />
        <section className={styles['book-detail__about']} aria-labelledby="about-heading">
          <h2 id="about-heading" className="h3">
            About this book
          </h2>
          <p className={styles['book-detail__description']}>{podcast.description}</p>
          {ideas.length > 0 && (
            <>
              <h3 className={styles['book-detail__ideas-title']}>Ideas in this book</h3>
              <ul className={styles['idea-list']}>
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
