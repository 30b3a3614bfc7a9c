import type { Podcast } from '@bookstrut/schemas'
import { Icon } from '@/components/ui/icon'
import { useToggleReaction } from '@/lib/reactions'

/** The like toggle with the first podblurb's like count (spec: like count with toggle). */
export function LikeButton({ podcast, className }: { podcast: Podcast; className?: string }) {
  const toggle = useToggleReaction('like')
  const likes = podcast.episodes[0]?.likes ?? 0
  const title = podcast.title || 'this title'
  return (
    <button
      type="button"
      className={`icon-button reaction reaction--like${podcast.likeFlag ? ' reaction--on' : ''}${className ? ` ${className}` : ''}`}
      onClick={() => void toggle(podcast)}
      aria-pressed={podcast.likeFlag}
      aria-label={`Like ${title}`}
      title={podcast.likeFlag ? 'Unlike' : 'Like'}
    >
      <Icon name="heart" solid={podcast.likeFlag} />
      <span className="reaction__count">{likes}</span>
    </button>
  )
}

/** The favourite toggle (spec: favourite toggles on favoritesFlag). */
export function FavoriteButton({ podcast, className }: { podcast: Podcast; className?: string }) {
  const toggle = useToggleReaction('favorite')
  const title = podcast.title || 'this title'
  return (
    <button
      type="button"
      className={`icon-button reaction reaction--favorite${podcast.favoritesFlag ? ' reaction--on' : ''}${className ? ` ${className}` : ''}`}
      onClick={() => void toggle(podcast)}
      aria-pressed={podcast.favoritesFlag}
      aria-label={`Favourite ${title}`}
      title={podcast.favoritesFlag ? 'Remove from favorites' : 'Add to favorites'}
    >
      <Icon name="star" solid={podcast.favoritesFlag} />
    </button>
  )
}
