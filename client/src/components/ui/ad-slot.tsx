import styles from './ad-slot.module.css'
/** A labelled placeholder where an advertisement will go (the ad content itself is not part of the product yet). */
export function AdSlot({ className }: { className?: string }) {
  return (
    <aside className={`${styles['ad-slot']}${className ? ` ${className}` : ''}`} aria-label="Advertisement">
      <span className={styles['ad-slot__label']}>Advertisement</span>
      <span className={styles['ad-slot__text']}>Your book could be promoted here</span>
    </aside>
  )
}
