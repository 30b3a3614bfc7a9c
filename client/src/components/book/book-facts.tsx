import type { ReactNode } from 'react'
import type { Book } from '@/api/book'
import { formatDuration } from '@/lib/format'

/** What Podblurb reads on a card for a book without a recording (no play control is shown either). */
export const NO_PODBLURB = 'Not yet recorded'

/**
 * Year Pub: the first podblurb's year (spec), else the book's; null when neither is known (an imported book
 * whose source has no year), shown as "Year unknown" rather than a dash beside the category.
 */
export const yearOf = (book: Book): number | null => book.episodes[0]?.year_published ?? book.year_published

/** "1997 · Fantasy", "Year unknown · Fantasy", "1997", "Year unknown". */
export const yearAndCategory = (book: Book): string =>
  [yearOf(book) ?? 'Year unknown', book.categoryName].filter(Boolean).join(' · ')

/**
 * A book's facts as a description list: the spec's "year with category" (Year Pub) and the podblurb's length
 * (mm:ss), then whatever facts the view adds (`children`, each a `<div>` with its `<dt>` and `<dd>`).
 * `noPodblurb` is what Podblurb reads when the book has no recording yet.
 */
export function BookFacts({
  book,
  className,
  noPodblurb,
  children,
}: {
  book: Book
  className: string | undefined
  noPodblurb: string
  children?: ReactNode
}) {
  const episode = book.episodes[0]
  return (
    <dl className={className}>
      <div>
        <dt>Year Pub</dt>
        <dd>{yearAndCategory(book)}</dd>
      </div>
      <div>
        <dt>Podblurb</dt>
        <dd>{episode?.fileUrl ? formatDuration(episode.duration) : noPodblurb}</dd>
      </div>
      {children}
    </dl>
  )
}
