import { emailPattern, isBlank, type FieldErrors } from '@/lib/validation'

export interface SignInValues {
  email: string
  password: string
}
export type SignInField = keyof SignInValues

/** Sign-in: email required and of valid format, password required (spec reader-and-account section 5). */
export function validateSignIn(values: SignInValues): FieldErrors<SignInField> {
  const errors: FieldErrors<SignInField> = {}
  if (isBlank(values.email)) errors.email = 'Email is required.'
  else if (!emailPattern.test(values.email.trim())) errors.email = 'Invalid email format.'
  if (values.password === '') errors.password = 'Password is required.'
  return errors
}
