import { useNavigate } from 'react-router-dom'
import type { Book } from '@/api/book'
import { toast } from 'sonner'
import { Icon } from '@/components/ui/icon'
import { excerpt } from '@/lib/format'
import { bookSharePath, shareLink } from '@/lib/share'
import { trackShare } from '@/lib/tracking'
import styles from './share-button.module.css'
import { iconButtonClass } from '@/components/ui/icon-button'

/**
 * What a book's card or row shares (ShareButton's props): the book, its first podblurb, the title as shown and
 * the start of its description.
 */
export const bookShare = (book: Book, title: string) => ({
  bookId: book._id,
  episodeId: book.episodes[0]?._id,
  title,
  text: excerpt(book.description, 150),
})

/**
 * Share a book: the device's share sheet when there is one; otherwise the link is copied (on the book's own
 * page) or the book's page opens (spec: share falls back to /single-book/{id}). A share through the sheet or a
 * copied link is reported (PUT /increment/values); a closed sheet or a mere visit to the page is no share.
 */
export function ShareButton({
  bookId,
  episodeId,
  title,
  text,
  fallback = 'navigate',
  withLabel = false,
  className,
}: {
  bookId: string
  /** The first podblurb, when the book has one. */
  episodeId?: string | undefined
  title: string
  text: string
  fallback?: 'copy' | 'navigate'
  withLabel?: boolean
  className?: string
}) {
  const navigate = useNavigate()
  const share = async () => {
    const path = bookSharePath(bookId)
    const outcome = await shareLink({ title, text, path }, fallback)
    if (outcome === 'shared' || outcome === 'copied') void trackShare({ bookId, episodeId })
    if (outcome === 'copied') toast.success('Link copied to the clipboard.')
    else if (outcome === 'navigate') void navigate(path)
  }
  return (
    <button
      type="button"
      className={`${iconButtonClass}${withLabel ? ` ${styles['icon-button--label']}` : ''}${className ? ` ${className}` : ''}`}
      onClick={() => void share()}
      aria-label={withLabel ? undefined : `Share ${title}`}
    >
      <Icon name="share" />
      {withLabel && <span>Share</span>}
    </button>
  )
}
