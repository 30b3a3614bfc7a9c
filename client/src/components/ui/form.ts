import styles from './form.module.css'

/**
 * The classes of the form pieces, for markup that is not one of field.tsx's components: a field's parts, the
 * controls, the two-column form grid, an alert above a form, a pair of buttons side by side.
 */
export const form = {
  field: styles.field!,
  invalid: styles['field--invalid']!,
  label: styles.field__label!,
  labelRequired: styles['field__label--required']!,
  hint: styles.field__hint!,
  error: styles.field__error!,
  input: styles.input!,
  select: styles.select!,
  textarea: styles.textarea!,
  grid: styles['form-grid']!,
  alert: styles['form-alert']!,
  alertInfo: styles['form-alert--info']!,
  buttonPair: styles['button-pair']!,
  buttonPairStack: styles['button-pair--stack']!,
}
