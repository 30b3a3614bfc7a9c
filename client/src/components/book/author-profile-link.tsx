import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import type { Book } from '@/api/book'
import { paths } from '@/config/paths'
import { trackProfileClick, trackTargetOf } from '@/lib/tracking'

/**
 * Where a book's author links. An imported book (one with a `sourceId`) belongs to the account that imported it,
 * its publisher, not to its author: its author's page is the one of their name (/author/{name}). A book listed in
 * the app links to the profile of the account that listed it, as the spec's author-profile shortcut does.
 */
export const authorPageOf = (book: Pick<Book, 'sourceId' | 'author' | 'createBy'>): string =>
  book.sourceId !== null && book.author.trim() !== ''
    ? paths.author(book.author)
    : paths.authorProfile(book.createBy)

/** A link from a book to its author's page; the visit is reported as the book's profile click. */
export function AuthorProfileLink({
  book,
  children,
  className,
  label,
}: {
  book: Book
  children: ReactNode
  className?: string
  label?: string
}) {
  return (
    <Link
      to={authorPageOf(book)}
      className={className}
      aria-label={label}
      onClick={() => void trackProfileClick(trackTargetOf(book))}
    >
      {children}
    </Link>
  )
}
