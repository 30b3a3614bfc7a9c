import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import styles from './brand.module.css'

/** The logo linking home: the mark and "BookStrut" (`light` on the dark footer). */
export function Brand({ light = false }: { light?: boolean }) {
  return (
    <Link
      to={paths.home}
      className={light ? `${styles.brand} ${styles['brand--light']}` : styles.brand}
      aria-label="BookStrut home"
    >
      <BrandMark />
      <span className={styles.brand__name}>
        Book<span>Strut</span>
      </span>
    </Link>
  )
}

/** The BookStrut mark: a bold "B" whose bowls read as an open book with a sound wave. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg className="brand__mark" width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
      <rect width="64" height="64" rx="16" fill="url(#brand-gradient)" />
      <path d="M19 15h17a10 10 0 0 1 4.4 19A11 11 0 0 1 37 55H19z" fill="#fff" />
      <path d="M27 22.5v8h8.5a4 4 0 0 0 0-8zm0 15v10h10a5 5 0 0 0 0-10z" fill="#4f46e5" />
      <defs>
        <linearGradient id="brand-gradient" x1="0" y1="0" x2="64" y2="64" gradientUnits="userSpaceOnUse">
          <stop stopColor="#6366f1" />
          <stop offset="1" stopColor="#4338ca" />
        </linearGradient>
      </defs>
    </svg>
  )
}
