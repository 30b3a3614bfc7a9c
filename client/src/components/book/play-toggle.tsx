import type { Podcast } from '@bookstrut/schemas'
import { Icon } from '@/components/ui/icon'
import { isPlayingBook, trackOf, usePlayer } from '@/lib/player'

/** Play/pause of a book's podblurb in the persistent player; toggles per title. */
export function PlayToggle({
  podcast,
  variant = 'round',
  className,
}: {
  podcast: Podcast
  variant?: 'round' | 'button'
  className?: string
}) {
  const player = usePlayer()
  const track = trackOf(podcast)
  const playing = isPlayingBook(player, podcast._id)
  const label = track ? `${playing ? 'Pause' : 'Play'} podblurb of ${podcast.title}` : 'No podblurb yet'
  return (
    <button
      type="button"
      className={`play-toggle play-toggle--${variant}${playing ? ' play-toggle--playing' : ''}${className ? ` ${className}` : ''}`}
      onClick={() => track && player.toggle(track)}
      disabled={!track}
      aria-label={label}
      aria-pressed={track ? playing : undefined}
      title={track ? undefined : 'No podblurb yet'}
    >
      <Icon name={playing ? 'pause' : 'play'} size={variant === 'round' ? 18 : 16} />
      {variant === 'button' && <span>{playing ? 'Pause' : 'Play podblurb'}</span>}
    </button>
  )
}
