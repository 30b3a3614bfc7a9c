import type { Book } from '@/api/book'
import { Icon } from '@/components/ui/icon'
import { useToggleReaction } from '@/lib/reactions'
import type { MouseEvent } from 'react'
import styles from './reaction-buttons.module.css'
import { iconButtonClass } from '@/components/ui/icon-button'

/**
 * A click handler that ignores the second and later clicks of a double (or triple) click: the browser numbers them
 * in `detail`. The first click's change may already be stored when the second arrives (a fast server answers
 * within a double click's 100-300 ms), so the in-flight guard alone would count a like and then take it back.
 * Keyboard activation has detail 0 and always counts.
 */
const firstClickOnly = (action: () => void) => (event: MouseEvent) => {
  if (event.detail <= 1) action()
}

/** The like toggle with the first podblurb's like count (spec: like count with toggle). */
export function LikeButton({ book, className }: { book: Book; className?: string }) {
  const toggle = useToggleReaction('like')
  const likes = book.episodes[0]?.likes ?? 0
  const title = book.title || 'this title'
  return (
    <button
      type="button"
      className={`${iconButtonClass} ${styles.reaction} ${styles['reaction--like']}${book.likeFlag ? ` ${styles['reaction--on']}` : ''}${className ? ` ${className}` : ''}`}
      onClick={firstClickOnly(() => void toggle(book))}
      aria-pressed={book.likeFlag}
      aria-label={`Like ${title}`}
      title={book.likeFlag ? 'Unlike' : 'Like'}
    >
      <Icon name="heart" solid={book.likeFlag} />
      <span className={styles.reaction__count}>{likes}</span>
    </button>
  )
}

/** The favourite toggle (spec: favourite toggles on favoritesFlag). */
export function FavoriteButton({ book, className }: { book: Book; className?: string }) {
  const toggle = useToggleReaction('favorite')
  const title = book.title || 'this title'
  return (
    <button
      type="button"
      className={`${iconButtonClass} ${styles.reaction} ${styles['reaction--favorite']}${book.favoritesFlag ? ` ${styles['reaction--on']}` : ''}${className ? ` ${className}` : ''}`}
      onClick={firstClickOnly(() => void toggle(book))}
      aria-pressed={book.favoritesFlag}
      aria-label={`Favorite ${title}`}
      title={book.favoritesFlag ? 'Remove from favorites' : 'Add to favorites'}
    >
      <Icon name="star" solid={book.favoritesFlag} />
    </button>
  )
}
