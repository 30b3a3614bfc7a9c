import { Email } from '@bookstrut/schemas'

/** Field errors of a form: at most one message per field. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>

/** The server's address shape (schemas `Email`): something@something.tld, no spaces. */
export const emailPattern = new RegExp(Email.pattern ?? '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$')

/**
 * The forgot-password step's stricter check (spec: "stricter format check"): letters, digits and
 * ._%+- before the @, a dotted domain and a top-level domain of at least two letters.
 */
export const strictEmailPattern = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/

export const isBlank = (value: string): boolean => value.trim() === ''

export const hasErrors = <K extends string>(errors: FieldErrors<K>): boolean =>
  Object.values(errors).some((message) => typeof message === 'string' && message !== '')

/** Removes the error of one field (errors clear once their field is edited). */
export function withoutError<K extends string>(errors: FieldErrors<K>, field: K): FieldErrors<K> {
  if (!(field in errors)) return errors
  const next = { ...errors }
  delete next[field]
  return next
}

/**
 * What each text field of a form takes from the form's state: its value, its error and how it changes
 * (`{...bind('email')}` on a TextField, PasswordField or TextAreaField).
 */
export const fieldBinder =
  <K extends string>(
    values: Readonly<Record<K, string>>,
    errors: FieldErrors<K>,
    set: (field: K, value: string) => void,
  ) =>
  (field: K) => ({
    value: values[field],
    error: errors[field],
    onChange: (e: { target: { value: string } }) => set(field, e.target.value),
  })

/**
 * A new password typed twice, both required: the password checked with one of the schemas' rules (`problem`,
 * schemas password-rules.ts, as the server checks it), the second copy matched. The messages are the form's own:
 * the spec words them per form.
 */
export function newPasswordProblems(
  password: string,
  confirmation: string,
  problem: (password: string) => string | null,
  messages: { required: string; confirmRequired: string; mismatch: string },
): { password?: string; confirmation?: string } {
  const problems: { password?: string; confirmation?: string } = {}
  const passwordProblem = password === '' ? messages.required : problem(password)
  if (passwordProblem) problems.password = passwordProblem
  if (confirmation === '') problems.confirmation = messages.confirmRequired
  else if (confirmation !== password) problems.confirmation = messages.mismatch
  return problems
}

/** Keeps digits only, e.g. for OTP inputs. */
export const digitsOnly = (value: string): string => value.replace(/\D+/g, '')

/** After a failed submit, move focus to the first field marked invalid (once React has rendered the errors). */
export function focusFirstInvalid(form: HTMLFormElement): void {
  setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0)
}
