import type { Podcast } from '@bookstrut/schemas'
import { FallbackImage } from '@/components/ui/fallback-image'
import { Modal } from '@/components/ui/modal'
import { formatDuration } from '@/lib/format'
import { fallbackImages } from '@/lib/image-rules'
import styles from './listing-detail.module.css'

/**
 * A pending listing in full for the moderator: its media (cover, author image), its three ideas, its links and its
 * podblurbs playable inline (a plain audio element, so reviewing does not take over the site's player).
 */
export function ListingDetail({ podcast, onClose }: { podcast: Podcast; onClose: () => void }) {
  const ideas = [podcast.primary_key, podcast.secondary_key, podcast.additional_key].filter(
    (i) => i.trim() !== '',
  )
  const images = [
    {
      caption: 'Cover',
      src: podcast.bookCoverImage,
      fallback: fallbackImages.cover,
      alt: `Cover of ${podcast.title}`,
      size: [120, 160],
    },
    {
      caption: 'Author image',
      src: podcast.authorImage,
      fallback: fallbackImages.avatar,
      alt: `Image of ${podcast.author}`,
      size: [96, 96],
    },
  ] as const
  const facts = [
    ['Author', podcast.author],
    ['Category', podcast.categoryName],
    ['Language', podcast.language ?? '—'],
    ['ISBN', podcast.ISBN ?? '—'],
    ['YouTube', podcast.youtube_url],
    ['TikTok', podcast.tiktok_url],
    ['Get this book', podcast.get_this_url],
  ].filter((f): f is [string, string] => Boolean(f[1]))
  return (
    <Modal open onClose={onClose} title={podcast.title} size="md">
      <div className="stack">
        <div className={styles.media}>
          {images.map((img) => (
            <figure key={img.caption}>
              <FallbackImage
                src={img.src}
                fallback={img.fallback}
                alt={img.alt}
                width={img.size[0]}
                height={img.size[1]}
              />
              <figcaption>{img.caption}</figcaption>
            </figure>
          ))}
        </div>
        <ul className={styles.meta}>
          {facts.map(([label, value]) => (
            <li key={label}>
              <span className="muted">{label}:</span>{' '}
              {value.startsWith('https://') ? (
                <a href={value} target="_blank" rel="noreferrer noopener">
                  {value}
                </a>
              ) : (
                value
              )}
            </li>
          ))}
        </ul>
        <div>
          <h3>Ideas</h3>
          <ol className={styles.ideas}>
            {ideas.map((idea) => (
              <li key={idea}>{idea}</li>
            ))}
          </ol>
        </div>
        <div>
          <h3>Description</h3>
          <p>{podcast.description}</p>
        </div>
        <div className="stack">
          <h3>Podblurb</h3>
          {podcast.episodes.filter((e) => e.fileUrl).length === 0 && (
            <p className="muted">No podblurb uploaded.</p>
          )}
          {podcast.episodes
            .filter((e) => e.fileUrl)
            .map((e) => (
              <div key={e._id}>
                <p className="muted">
                  {e.title || `Part ${e.part}`} · {formatDuration(e.duration)}
                </p>
                <audio className={styles.audio} controls preload="none" src={e.fileUrl ?? undefined}>
                  {e.transcript}
                </audio>
              </div>
            ))}
        </div>
      </div>
    </Modal>
  )
}
