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

/** What a field's control carries: its id and the aria attributes that tie it to the error or hint. */
export interface ControlProps {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

export const controlProps = (id: string, error?: string, hint?: ReactNode): ControlProps => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': describedBy(id, error, hint),
})

/** A FieldShell with its own id: `children` renders the control from the props that link it to the shell. */
export function Field({
  children,
  ...shell
}: Omit<FieldShellProps, 'id' | 'children'> & {
  children: (control: ControlProps) => ReactNode
}) {
  const id = useId()
  return (
    <FieldShell id={id} {...shell}>
      {children(controlProps(id, shell.error, shell.hint))}
    </FieldShell>
  )
}

/** The label, error and hint every field takes besides its control's own attributes. */
interface FieldTexts {
  label: string
  error?: string | undefined
  hint?: ReactNode
}

export interface TextFieldProps extends FieldTexts, Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  fieldClassName?: string
}

export function TextField({ label, error, hint, fieldClassName, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className={fieldClassName} required={input.required}>
      {(control) => <input {...control} className={form.input} {...input} />}
    </Field>
  )
}

export function PasswordField({ label, error, hint, fieldClassName, ...input }: TextFieldProps) {
  const [visible, setVisible] = useState(false)
  return (
    <Field label={label} error={error} hint={hint} className={fieldClassName}>
      {(control) => (
        <div className={styles['input-group']}>
          <input {...control} className={form.input} type={visible ? 'text' : 'password'} {...input} />
          <button
            type="button"
            className={styles['input-group__toggle']}
            onClick={() => setVisible((v) => !v)}
            // Named "Show"/"Hide" only (not "Show password"), so the field's label stays unique to its input.
            aria-controls={control.id}
            aria-pressed={visible}
            title={visible ? 'Hide characters' : 'Show characters'}
            disabled={input.disabled}
          >
            {visible ? 'Hide' : 'Show'}
          </button>
        </div>
      )}
    </Field>
  )
}

export interface SelectFieldProps extends FieldTexts, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  options: readonly { value: string; label: string }[]
  placeholder?: string
}

export function SelectField({ label, error, hint, options, placeholder, ...select }: SelectFieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => (
        <select {...control} className={`${form.input} ${form.select}`} {...select}>
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
      )}
    </Field>
  )
}

export interface TextAreaFieldProps
  extends FieldTexts, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {}

export function TextAreaField({ label, error, hint, ...area }: TextAreaFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} required={area.required}>
      {(control) => <textarea {...control} className={`${form.input} ${form.textarea}`} {...area} />}
    </Field>
  )
}
