import { emailPattern, isBlank, type FieldErrors } from '@/lib/validation'

export type MemberType = '' | 'reader' | 'author' | 'publisher'

export interface SignUpValues {
  firstName: string
  lastName: string
  email: string
  password: string
  confirmPassword: string
  memberType: MemberType
}
export type SignUpField = keyof SignUpValues

export const emptySignUp: SignUpValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  memberType: '',
}

export const PASSWORD_MIN_LENGTH = 6

/** Sign-up rules and their exact messages (spec reader-and-account section 5). */
export function validateSignUp(values: SignUpValues): FieldErrors<SignUpField> {
  const errors: FieldErrors<SignUpField> = {}
  if (isBlank(values.firstName)) errors.firstName = 'Name is required.'
  if (isBlank(values.lastName)) errors.lastName = 'Last Name is required.'
  if (isBlank(values.email)) errors.email = 'Email is required.'
  else if (!emailPattern.test(values.email.trim())) errors.email = 'Invalid email format.'
  if (values.password === '') errors.password = 'Password is required.'
  else if (values.password.length < PASSWORD_MIN_LENGTH)
    errors.password = 'Password must be at least 6 characters.'
  if (values.confirmPassword === '') errors.confirmPassword = 'Confirm password is required.'
  else if (values.confirmPassword !== values.password) errors.confirmPassword = 'Passwords do not match.'
  if (values.memberType === '') errors.memberType = 'Member Type is required.'
  return errors
}

/** "Sign Up as Reader" is enabled only for Reader; the other button only for Author or Publisher. */
export const canSignUpAsReader = (memberType: MemberType): boolean => memberType === 'reader'
export const canSignUpAsAuthorOrPublisher = (memberType: MemberType): boolean =>
  memberType === 'author' || memberType === 'publisher'

/** The select's value as a member type ('' when nothing valid is chosen). */
export const toMemberType = (value: string): MemberType =>
  value === 'reader' || value === 'author' || value === 'publisher' ? value : ''
