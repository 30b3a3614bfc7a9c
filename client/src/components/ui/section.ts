import styles from './section.module.css'

/** The classes of a page section (home and content pages). */
export const section = {
  block: styles.section!,
  eyebrow: styles.eyebrow!,
  title: styles.section__title!,
  lead: styles.lead!,
  split: styles.split!,
  ctaRow: styles['cta-row']!,
}
