import styles from './stack-list.module.css'

/** The class of a list of blocks one under the other (no bullets, no indent); add the list's own gap. */
export const stackListClass = styles['stack-list']
