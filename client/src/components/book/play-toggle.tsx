import type { Book } from '@/api/book'
import { Icon } from '@/components/ui/icon'
import { isPlayingBook, trackOf, usePlayer } from '@/lib/player'
import styles from './play-toggle.module.css'

/** The play button's look: round (cards, rows), large round (the player bar) or a labelled button. */
export function playToggleClass(variant: 'round' | 'large' | 'button', playing = false): string {
  const shape =
    variant === 'large'
      ? `${styles['play-toggle--round']} ${styles['play-toggle--large']}`
      : styles[`play-toggle--${variant}`]
  return `${styles['play-toggle']} ${shape}${playing ? ` ${styles['play-toggle--playing']}` : ''}`
}

/**
 * Play/pause of a book's podblurb in the persistent player; toggles per book. A book without a podblurb gets no
 * control at all: a greyed play button on most cards read as broken (issue 30).
 */
export function PlayToggle({
  book,
  variant = 'round',
  className,
}: {
  book: Book
  variant?: 'round' | 'button'
  className?: string
}) {
  const player = usePlayer()
  const track = trackOf(book)
  const playing = isPlayingBook(player, book._id)
  if (!track) return null
  return (
    <button
      type="button"
      className={`${playToggleClass(variant, playing)}${className ? ` ${className}` : ''}`}
      onClick={() => player.toggle(track)}
      aria-label={`${playing ? 'Pause' : 'Play'} podblurb of ${book.title}`}
      aria-pressed={playing}
    >
      <Icon name={playing ? 'pause' : 'play'} size={variant === 'round' ? 18 : 16} />
      {variant === 'button' && <span>{playing ? 'Pause' : 'Play podblurb'}</span>}
    </button>
  )
}
