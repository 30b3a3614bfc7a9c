import type { Book } from '@/api/book'
import { Icon } from '@/components/ui/icon'
import { isPlayingBook, trackOf, usePlayer } from '@/lib/player'

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
      className={`play-toggle play-toggle--${variant}${playing ? ' play-toggle--playing' : ''}${className ? ` ${className}` : ''}`}
      onClick={() => player.toggle(track)}
      aria-label={`${playing ? 'Pause' : 'Play'} podblurb of ${book.title}`}
      aria-pressed={playing}
    >
      <Icon name={playing ? 'pause' : 'play'} size={variant === 'round' ? 18 : 16} />
      {variant === 'button' && <span>{playing ? 'Pause' : 'Play podblurb'}</span>}
    </button>
  )
}
