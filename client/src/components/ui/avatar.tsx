import styles from './avatar.module.css'
export interface AvatarProps {
  firstName?: string | null | undefined
  lastName?: string | null | undefined
  imageUrl?: string | null | undefined
  size?: 'sm' | 'md' | 'lg' | 'xl'
  className?: string
}

/** Initials from first and last name ("Ada Lovelace" gives "AL"); "?" when neither is known yet. */
export function initialsOf(firstName?: string | null, lastName?: string | null): string {
  const letters = [firstName, lastName].map((part) => part?.trim().charAt(0) ?? '').join('')
  return letters ? letters.toUpperCase() : '?'
}

/** A round picture, or the person's initials when there is no picture (decorative: the caller labels it). */
export function Avatar({ firstName, lastName, imageUrl, size = 'md', className }: AvatarProps) {
  const initials = initialsOf(firstName, lastName)
  return (
    <span
      className={`${styles.avatar} ${styles[`avatar--${size}`]}${className ? ` ${className}` : ''}`}
      aria-hidden="true"
    >
      {imageUrl ? (
        <img src={imageUrl} alt="" className={styles.avatar__img} />
      ) : initials === '?' ? (
        <svg viewBox="0 0 24 24" className={styles.avatar__icon}>
          <path
            d="M12 12a4.5 4.5 0 100-9 4.5 4.5 0 000 9zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5z"
            fill="currentColor"
          />
        </svg>
      ) : (
        // Drawn by CSS from the attribute, not written as text: inside a button named "Account menu", text would
        // be words the name does not say (WCAG 2.5.3, Label in Name); the avatar is a picture.
        <span className={styles.avatar__initials} data-initials={initials} />
      )}
    </span>
  )
}
