import type { Book } from '@/api/book'
import { Icon } from '@/components/ui/icon'
import { useToggleReaction } from '@/lib/reactions'
import { useId, type MouseEvent, type ReactNode } from 'react'
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

/** What each reaction's toggle shows: whether the book has it, the accessible name's verb, its tooltip, its icon. */
const REACTIONS = {
  like: {
    on: (book: Book) => book.likeFlag,
    label: 'Like',
    title: (on: boolean) => (on ? 'Unlike' : 'Like'),
    icon: 'heart',
  },
  favorite: {
    on: (book: Book) => book.favoritesFlag,
    label: 'Favorite',
    title: (on: boolean) => (on ? 'Remove from favorites' : 'Add to favorites'),
    icon: 'star',
  },
} as const

/** One reaction's toggle button: pressed while on, its action on the first click of a double click only. */
function ReactionToggle({
  book,
  kind,
  className,
  children,
  describedBy,
}: {
  book: Book
  kind: keyof typeof REACTIONS
  className?: string
  children?: ReactNode
  /** the id of what the button's figure says (its count), read after its name */
  describedBy?: string
}) {
  const toggle = useToggleReaction(kind)
  const reaction = REACTIONS[kind]
  const on = reaction.on(book)
  return (
    <button
      type="button"
      className={`${iconButtonClass} ${styles.reaction} ${styles[`reaction--${kind}`]}${on ? ` ${styles['reaction--on']}` : ''}${className ? ` ${className}` : ''}`}
      onClick={firstClickOnly(() => void toggle(book))}
      aria-pressed={on}
      aria-label={`${reaction.label} ${book.title || 'this title'}`}
      aria-describedby={describedBy}
      title={reaction.title(on)}
    >
      <Icon name={reaction.icon} solid={on} />
      {children}
    </button>
  )
}

/**
 * The like toggle with the book's like count: readers who like it, with or without a podblurb (spec: like count
 * with toggle).
 */
export function LikeButton({ book, className }: { book: Book; className?: string }) {
  const countId = `${useId()}-likes`
  // The count is the button's figure, not its words: drawn by CSS from the attribute and read as the button's
  // description ("Like Dune", "3 likes"), so the name a voice user says is all the text the button shows (WCAG
  // 2.5.3, Label in Name; axe counts any text inside, aria-hidden or not).
  return (
    <>
      <ReactionToggle book={book} kind="like" className={className} describedBy={countId}>
        <span className={styles.reaction__count} data-count={book.likes} aria-hidden="true" />
      </ReactionToggle>
      <span id={countId} hidden>
        {book.likes === 1 ? '1 like' : `${book.likes} likes`}
      </span>
    </>
  )
}

/** The favourite toggle (spec: favourite toggles on favoritesFlag). */
export const FavoriteButton = ({ book, className }: { book: Book; className?: string }) => (
  <ReactionToggle book={book} kind="favorite" className={className} />
)
