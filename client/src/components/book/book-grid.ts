import { bookCardSlotClass } from './book-card'
import styles from './book-grid.module.css'

/** The grid of title cards (home Top 20, topic pages): its list, a card's item, a full-width ad slot's item. */
export const bookGrid = {
  list: styles['book-grid'],
  item: bookCardSlotClass,
  ad: styles['book-grid__ad'],
} as const
