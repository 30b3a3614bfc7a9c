import { Link } from 'react-router-dom'
import type { Book } from '@/api/book'
import { CoverImage } from '@/components/ui/fallback-image'
import { HoverInfo } from '@/components/ui/hover-info'
import { paths } from '@/config/paths'
import { excerpt } from '@/lib/format'
import { trackDescriptionClick, trackTargetOf } from '@/lib/tracking'

/**
 * A title's cover, linked to its single page. Out of the tab order and hidden from screen readers: the title
 * beside it is the same link.
 */
export function BookCoverLink({
  book,
  className,
  width,
  height,
}: {
  book: Book
  className: string | undefined
  width: number
  height: number
}) {
  return (
    <Link to={paths.singleBook(book._id)} className={className} tabIndex={-1} aria-hidden="true">
      <CoverImage src={book.bookCoverImage} loading="lazy" width={width} height={height} />
    </Link>
  )
}

/**
 * A title linked to its single page, its description on hover or focus. A click on it (a tap, Enter) is the
 * spec's description click, reported once per title per browser (lib/tracking).
 */
export function BookTitleLink({ book, className }: { book: Book; className?: string }) {
  return (
    <HoverInfo
      className={className}
      info={excerpt(book.description, 280) || 'No description yet.'}
      focusable={false}
      onOpen={() => void trackDescriptionClick(trackTargetOf(book))}
    >
      <Link to={paths.singleBook(book._id)} data-testid="book-title">
        {book.title || 'Unknown Title'}
      </Link>
    </HoverInfo>
  )
}
