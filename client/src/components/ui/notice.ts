import styles from './notice.module.css'

/** A note from the BookStrut team (why an account is blocked, why a listing was rejected): box, label, text. */
export const adminNote = {
  box: styles['admin-note']!,
  label: styles['admin-note__label']!,
  text: styles['admin-note__text']!,
}

/** A list whose items each get a round check mark. */
export const checkListClass = styles['check-list']!
