import { AvatarImage } from '@/components/ui/fallback-image'
import styles from './author-avatar.module.css'

/** The author's photo shown when a pointer rests on their name (the default avatar when they have none). */
export function AuthorAvatar({ src, name }: { src: string | null | undefined; name: string }) {
  return <AvatarImage src={src} alt={name} className={styles['hover-info__avatar']} width={96} height={96} />
}
