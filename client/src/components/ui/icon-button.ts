import styles from './icon-button.module.css'

/** A round button (or link) holding an icon: share, like, favourite, edit, the player's skips. */
export const iconButtonClass = styles['icon-button']!
