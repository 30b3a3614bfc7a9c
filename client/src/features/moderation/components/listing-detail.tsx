import type { Book } from '@/api/book'
import { bookIdeas } from '@bookstrut/schemas'
import { FallbackImage } from '@/components/ui/fallback-image'
import { Modal } from '@/components/ui/modal'
import { formatDuration } from '@/lib/format'
import { fallbackImages } from '@/lib/image-rules'
import styles from './listing-detail.module.css'

/**
 * A pending listing in full for the moderator: its media (cover, author image), its three ideas, its links and its
 * podblurbs playable inline (a plain audio element, so reviewing does not take over the site's player).
 */
export function ListingDetail({ book, onClose }: { book: Book; onClose: () => void }) {
  const ideas = bookIdeas(book)
  const images = [
    {
      caption: 'Cover',
      src: book.bookCoverImage,
      fallback: fallbackImages.cover,
      alt: `Cover of ${book.title}`,
      size: [120, 160],
    },
    {
      caption: 'Author image',
      src: book.authorImage,
      fallback: fallbackImages.avatar,
      alt: `Image of ${book.author}`,
      size: [96, 96],
    },
  ] as const
  const facts = [
    ['Author', book.author],
    ['Category', book.categoryName],
    ['Language', book.language ?? '—'],
    ['ISBN', book.ISBN ?? '—'],
    ['YouTube', book.youtube_url],
    ['TikTok', book.tiktok_url],
    ['Get this book', book.get_this_url],
  ].filter((f): f is [string, string] => Boolean(f[1]))
  return (
    <Modal open onClose={onClose} title={book.title} size="md">
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
          <p>{book.description}</p>
        </div>
        <div className="stack">
          <h3>Podblurb</h3>
          {book.episodes.filter((e) => e.fileUrl).length === 0 && (
            <p className="muted">No podblurb uploaded.</p>
          )}
          {book.episodes
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
