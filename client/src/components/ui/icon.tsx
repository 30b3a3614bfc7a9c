import styles from './icon.module.css'

/** The class of an inline icon (an svg that never shrinks in a row). */
export const iconClass = styles.icon!
const paths = {
  play: 'M8 5.5v13l11-6.5z',
  pause: 'M7 5h4v14H7zM13 5h4v14h-4z',
  share:
    'M18 8a3 3 0 10-2.8-4M6 15a3 3 0 100-6 3 3 0 000 6zm12 7a3 3 0 100-6 3 3 0 000 6zM8.6 13.5l6.8 4M15.4 6.5l-6.8 4',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zm-7 9c0-3.9 3.1-7 7-7s7 3.1 7 7',
  youtube:
    'M3 8.5c0-2 1.5-3.5 3.5-3.5h11C19.5 5 21 6.5 21 8.5v7c0 2-1.5 3.5-3.5 3.5h-11C4.5 19 3 17.5 3 15.5zM10 9v6l5-3z',
  tiktok: 'M14 3v11.5a3.5 3.5 0 11-3.5-3.5M14 3c.5 2.8 2.4 4.5 5 4.6',
  cart: 'M3 4h2l2.4 11h10.2L20 7H6.2M9 20a1 1 0 100-2 1 1 0 000 2zm8 0a1 1 0 100-2 1 1 0 000 2z',
  edit: 'M4 20h4L19 9l-4-4L4 16zM14 6l4 4',
  chart: 'M5 20V10M12 20V4M19 20v-7',
  close: 'M6 6l12 12M18 6L6 18',
  left: 'M15 5l-7 7 7 7',
  right: 'M9 5l7 7-7 7',
  link: 'M10 14a4 4 0 005.7 0l3-3a4 4 0 00-5.7-5.7l-1 1M14 10a4 4 0 00-5.7 0l-3 3a4 4 0 005.7 5.7l1-1',
  plus: 'M12 5v14M5 12h14',
  search: 'M10 3a7 7 0 105.3 11.6L21 20.3M10 3a7 7 0 010 14',
  check: 'M5 12l5 5 9-10',
  music: 'M9 18V5l11-2v13M9 18a3 3 0 11-6 0 3 3 0 016 0zm11-2a3 3 0 11-6 0 3 3 0 016 0z',
  upload: 'M12 16V4M7 9l5-5 5 5M5 20h14',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4',
  clock: 'M12 7v5l3 2M12 3a9 9 0 100 18 9 9 0 000-18z',
  info: 'M12 11v6M12 7.5v.5M12 3a9 9 0 100 18 9 9 0 000-18z',
  flag: 'M5 21V4M5 4h11l-2 4 2 4H5',
  ghost:
    'M12 3a7 7 0 00-7 7v10l2.3-1.6L9.6 20l2.4-1.6 2.4 1.6 2.3-1.6L19 20V10a7 7 0 00-7-7zM9.5 10h.01M14.5 10h.01',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  eye: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zm10 3a3 3 0 100-6 3 3 0 000 6z',
  heart:
    'M12 20s-7.5-4.6-9.2-9.4C1.7 7.4 3.9 4.5 7 4.5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.1 0 5.3 2.9 4.2 6.1C19.5 15.4 12 20 12 20z',
  star: 'M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8-5.2-2.8-5.2 2.8 1-5.8-4.3-4.1 5.9-.8z',
} as const

export type IconName = keyof typeof paths

const filled: ReadonlySet<IconName> = new Set<IconName>(['play', 'pause'])

/** A small stroke icon (decorative: the button or link around it carries the name). */
export function Icon({
  name,
  size = 18,
  className,
  solid,
}: {
  name: IconName
  size?: number
  className?: string
  /** Filled instead of outlined (an active like or favourite); play and pause are always filled. */
  solid?: boolean
}) {
  const fill = solid ?? filled.has(name)
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      className={`${iconClass}${className ? ` ${className}` : ''}`}
    >
      <path
        d={paths[name]}
        fill={fill ? 'currentColor' : 'none'}
        stroke={fill ? 'none' : 'currentColor'}
        strokeWidth="1.9"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
