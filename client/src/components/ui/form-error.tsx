import type { ReactNode } from 'react'
import { form } from './form'

/**
 * A form's error line, announced as an alert; renders nothing while there is no error. For a message that
 * belongs to one field use the field's `error` prop instead (FieldShell links it to the control).
 */
export function FormError({ id, children }: { id?: string; children: ReactNode }) {
  if (!children) return null
  return (
    <p id={id} className={form.error} role="alert">
      {children}
    </p>
  )
}
