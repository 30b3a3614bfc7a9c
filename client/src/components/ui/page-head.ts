import styles from './page-head.module.css'

/** A page's head: the header, its title and lead, a chip under them, and the breadcrumb above a page. */
export const pageHead = {
  head: styles['page-head']!,
  title: styles['page-head__title']!,
  lead: styles['page-head__lead']!,
  chip: styles['page-head__chip']!,
  breadcrumb: styles.breadcrumb!,
}
