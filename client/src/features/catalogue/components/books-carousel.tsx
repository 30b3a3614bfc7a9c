import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react'
import type { Book } from '@/api/book'
import { BookCard, BookCardSkeleton } from '@/components/book/book-card'
import { Icon } from '@/components/ui/icon'
import { ListStates } from '@/components/ui/list-states'
import { errorMessage } from '@/lib/api-client'
import { useWindowWidth } from '@/lib/use-media-query'
import { carouselLayout } from '../model/carousel'
import { bookCardSlotClass } from '@/components/book/book-card'
import styles from './books-carousel.module.css'
import { containerClass } from '@/components/ui/container'

/** Spec: 6 skeleton cards while the books load. */
export const SKELETON_CARDS = 6

/**
 * The author's books: slides per view by window width (1 to 6), previous/next arrows, native swiping
 * (scroll snap) and 6 skeleton cards while loading. The heading "Podblurbs" is for screen readers only.
 */
export function BooksCarousel({ books, loading }: { books: readonly Book[]; loading: boolean }) {
  const width = useWindowWidth()
  const { perView, spacing } = carouselLayout(width)
  const trackRef = useRef<HTMLUListElement>(null)
  const [edges, setEdges] = useState({ atStart: true, atEnd: true })

  const measure = useCallback(() => {
    const el = trackRef.current
    if (!el) return
    setEdges({
      atStart: el.scrollLeft <= 2,
      atEnd: el.scrollLeft + el.clientWidth >= el.scrollWidth - 2,
    })
  }, [])

  useEffect(() => {
    measure()
  }, [measure, books.length, perView, loading])

  const move = (direction: -1 | 1) => {
    const el = trackRef.current
    const slide = el?.querySelector<HTMLElement>('li')
    if (!el || !slide) return
    el.scrollBy({ left: direction * (slide.offsetWidth + spacing), behavior: 'smooth' })
  }

  const style = { '--per-view': perView, '--gap': `${spacing}px` } as CSSProperties
  const count = loading ? SKELETON_CARDS : books.length
  return (
    <section className="carousel" aria-labelledby="podblurbs-heading" aria-roledescription="carousel">
      <h2 id="podblurbs-heading" className="visually-hidden">
        Podblurbs
      </h2>
      <div className={styles.carousel__frame}>
        <button
          type="button"
          className={`${styles.carousel__arrow} carousel__arrow--prev`}
          onClick={() => move(-1)}
          disabled={loading || edges.atStart}
          aria-label="Previous titles"
        >
          <Icon name="left" />
        </button>
        <ul
          ref={trackRef}
          className={styles.carousel__track}
          style={style}
          onScroll={measure}
          aria-busy={loading}
        >
          {loading
            ? Array.from({ length: count }, (_, i) => (
                <li key={i} className={`${bookCardSlotClass} ${styles.carousel__slide}`}>
                  <BookCardSkeleton />
                </li>
              ))
            : books.map((book, i) => (
                <li
                  key={book._id}
                  className={`${bookCardSlotClass} ${styles.carousel__slide}`}
                  aria-roledescription="slide"
                  aria-label={`${i + 1} of ${count}`}
                >
                  <BookCard book={book} />
                </li>
              ))}
        </ul>
        <button
          type="button"
          className={`${styles.carousel__arrow} carousel__arrow--next`}
          onClick={() => move(1)}
          disabled={loading || edges.atEnd}
          aria-label="Next titles"
        >
          <Icon name="right" />
        </button>
      </div>
    </section>
  )
}

/**
 * An author page's books: the Books pill, then the carousel (skeletons while `books` is undefined), the load
 * error with a retry, or the empty state.
 */
export function BooksSection({
  books,
  error,
  onRetry,
}: {
  books: readonly Book[] | undefined
  error: unknown
  onRetry: () => void
}) {
  return (
    <section className={containerClass(styles['author-titles'])} aria-label="Titles">
      <div className={styles['pill-row']} role="tablist" aria-label="Title types">
        <span className={`${styles.pill} ${styles['pill--active']}`} role="tab" aria-selected="true">
          Books
        </span>
      </div>
      <ListStates
        query={{
          isPending: books === undefined && error === null,
          isError: error !== null,
          error,
          refetch: onRetry,
        }}
        rows={books ?? []}
        loadingLabel="Loading titles"
        loading={<BooksCarousel books={[]} loading />}
        failedMessage={(error) => errorMessage(error, 'Failed to fetch titles')}
        empty="No titles listed yet."
      >
        {(rows) => <BooksCarousel books={rows} loading={false} />}
      </ListStates>
    </section>
  )
}
