import type { Book } from '@/api/book'
import { Icon } from '@/components/ui/icon'
import { trackPurchaseClick, trackTargetOf } from '@/lib/tracking'
import styles from './book-links.module.css'

/**
 * Youtube, Tiktok and Get This links of a book, each only when it has that address (open in a new tab). A Get This
 * click is reported (the author's purchase clicks).
 */
export function BookLinks({ book, compact = false }: { book: Book; compact?: boolean }) {
  const links = [
    { url: book.youtube_url, label: 'Youtube', icon: 'youtube' as const },
    { url: book.tiktok_url, label: 'Tiktok', icon: 'tiktok' as const },
    { url: book.get_this_url, label: 'Get This', icon: 'cart' as const },
  ].filter((l): l is { url: string; label: string; icon: 'youtube' | 'tiktok' | 'cart' } => Boolean(l.url))
  if (links.length === 0) return null
  return (
    <ul className={`${styles['book-links']}${compact ? ` ${styles['book-links--compact']}` : ''}`}>
      {links.map((l) => (
        <li key={l.label}>
          <a
            className={`${styles['book-link']} ${styles[`book-link--${l.icon}`] ?? ''}`}
            href={l.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${l.label}: ${book.title} (opens in a new tab)`}
            onClick={l.icon === 'cart' ? () => void trackPurchaseClick(trackTargetOf(book)) : undefined}
          >
            <Icon name={l.icon} size={15} />
            <span>{l.label}</span>
          </a>
        </li>
      ))}
    </ul>
  )
}
