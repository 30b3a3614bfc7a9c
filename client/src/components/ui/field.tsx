import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react'
import styles from './field.module.css'
import { form } from './form'

export interface FieldShellProps {
  id: string
  label: string
  error?: string | undefined
  hint?: ReactNode
  children: ReactNode
  className?: string | undefined
  /** marks the label (the control carries `required` itself) */
  required?: boolean | undefined
}

/** Label, control, hint and the error under the field (errors are announced and linked by aria-describedby). */
export function FieldShell({ id, label, error, hint, children, className, required }: FieldShellProps) {
  return (
    <div className={`${form.field}${error ? ` ${form.invalid}` : ''}${className ? ` ${className}` : ''}`}>
      <label className={fieldLabelClass(required)} htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && !error && (
        <p className={form.hint} id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className={form.error} id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

/** The label's class: required fields get the mark (`*`) after their name. */
export const fieldLabelClass = (required: boolean | undefined) =>
  required ? `${form.label} ${form.labelRequired}` : form.label

/** The id that describes the control: its error when there is one, else its hint. */
export const describedBy = (id: string, error?: string, hint?: ReactNode) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string
  error?: string | undefined
  hint?: ReactNode
  fieldClassName?: string
}

export function TextField({ label, error, hint, fieldClassName, ...input }: TextFieldProps) {
  const id = useId()
  return (
    <FieldShell
      id={id}
      label={label}
      error={error}
      hint={hint}
      className={fieldClassName}
      required={input.required}
    >
      <input
        id={id}
        className={form.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
    </FieldShell>
  )
}

export function PasswordField({ label, error, hint, fieldClassName, ...input }: TextFieldProps) {
  const id = useId()
  const [visible, setVisible] = useState(false)
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={fieldClassName}>
      <div className={styles['input-group']}>
        <input
          id={id}
          className={form.input}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          {...input}
        />
        <button
          type="button"
          className={styles['input-group__toggle']}
          onClick={() => setVisible((v) => !v)}
          // Named "Show"/"Hide" only (not "Show password"), so the field's label stays unique to its input.
          aria-controls={id}
          aria-pressed={visible}
          title={visible ? 'Hide characters' : 'Show characters'}
          disabled={input.disabled}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
    </FieldShell>
  )
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string
  error?: string | undefined
  hint?: ReactNode
  options: readonly { value: string; label: string }[]
  placeholder?: string
}

export function SelectField({ label, error, hint, options, placeholder, ...select }: SelectFieldProps) {
  const id = useId()
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <select
        id={id}
        className={`${form.input} ${form.select}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...select}
      >
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  )
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string
  error?: string | undefined
  hint?: ReactNode
}

export function TextAreaField({ label, error, hint, ...area }: TextAreaFieldProps) {
  const id = useId()
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} required={area.required}>
      <textarea
        id={id}
        className={`${form.input} ${form.textarea}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...area}
      />
    </FieldShell>
  )
}
