import type { ReactNode } from 'react'
import { PasswordField, TextField } from '@/components/ui/field'
import { fieldBinder, type FieldErrors } from '@/lib/validation'
import styles from './account-fields.module.css'
import { form } from '@/components/ui/form'

/** The account's own fields, the same in sign-up and the profile: name, e-mail and a password twice. */
export interface AccountValues {
  firstName: string
  lastName: string
  email: string
  password: string
  confirmPassword: string
}
export type AccountField = keyof AccountValues

/**
 * First Name, Last Name, the e-mail address, Password and Confirm Password, with Member Type (which differs: a
 * choice at sign-up, a locked or two-way choice in the profile) passed in. `layout` keeps each form as it was:
 * `rows` (sign-up's dialog: names side by side, e-mail alone, passwords side by side, Member Type last) or `grid`
 * (the profile's two columns: names, then e-mail beside Member Type, then the passwords).
 */
export function AccountFields({
  values,
  errors,
  onChange,
  memberType,
  layout,
  emailLabel,
  passwordHint,
  passwordPlaceholder,
  autoFocusFirst = false,
}: {
  values: AccountValues
  errors: FieldErrors<AccountField>
  onChange: (field: AccountField, value: string) => void
  memberType: ReactNode
  layout: 'rows' | 'grid'
  emailLabel: string
  passwordHint?: ReactNode
  passwordPlaceholder?: string
  /** The sign-up dialog starts in First Name. */
  autoFocusFirst?: boolean
}) {
  const bind = fieldBinder(values, errors, onChange)
  const firstName = (
    <TextField
      label="First Name"
      autoComplete="given-name"
      {...bind('firstName')}
      data-autofocus={autoFocusFirst || undefined}
    />
  )
  const lastName = <TextField label="Last Name" autoComplete="family-name" {...bind('lastName')} />
  const email = (
    <TextField label={emailLabel} type="email" autoComplete="email" inputMode="email" {...bind('email')} />
  )
  const password = (
    <PasswordField
      label="Password"
      autoComplete="new-password"
      {...bind('password')}
      placeholder={passwordPlaceholder}
      hint={passwordHint}
    />
  )
  const confirmPassword = (
    <PasswordField label="Confirm Password" autoComplete="new-password" {...bind('confirmPassword')} />
  )

  if (layout === 'grid') {
    return (
      <div className={form.grid}>
        {firstName}
        {lastName}
        {email}
        {memberType}
        {password}
        {confirmPassword}
      </div>
    )
  }
  return (
    <>
      <div className={styles['form-row']}>
        {firstName}
        {lastName}
      </div>
      {email}
      <div className={styles['form-row']}>
        {password}
        {confirmPassword}
      </div>
      {memberType}
    </>
  )
}
