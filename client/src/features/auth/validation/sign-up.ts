import { signupPasswordProblem } from '@bookstrut/schemas'
import { emailPattern, isBlank, newPasswordProblems, type FieldErrors } from '@/lib/validation'

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

/** Sign-up rules and their exact messages (spec reader-and-account section 5). */
export function validateSignUp(values: SignUpValues): FieldErrors<SignUpField> {
  const errors: FieldErrors<SignUpField> = {}
  if (isBlank(values.firstName)) errors.firstName = 'Name is required.'
  if (isBlank(values.lastName)) errors.lastName = 'Last Name is required.'
  if (isBlank(values.email)) errors.email = 'Email is required.'
  else if (!emailPattern.test(values.email.trim())) errors.email = 'Invalid email format.'
  const passwords = newPasswordProblems(values.password, values.confirmPassword, signupPasswordProblem, {
    required: 'Password is required.',
    confirmRequired: 'Confirm password is required.',
    mismatch: 'Passwords do not match.',
  })
  if (passwords.password) errors.password = passwords.password
  if (passwords.confirmation) errors.confirmPassword = passwords.confirmation
  if (values.memberType === '') errors.memberType = 'Member Type is required.'
  return errors
}

/**
 * The one submit button's label, following the Member Type choice: one control decides the role (the spec's two
 * buttons, each disabled until the dropdown matched it, asked for the same choice twice). Its labels are the
 * spec's button names; with nothing chosen it reads "Sign Up" and submitting shows "Member Type is required.".
 */
export function signUpButtonLabel(memberType: MemberType): string {
  if (memberType === 'reader') return 'Sign Up as Reader'
  if (memberType === 'author' || memberType === 'publisher') return 'Sign Up as Author/Publisher'
  return 'Sign Up'
}

/** The select's value as a member type ('' when nothing valid is chosen). */
export const toMemberType = (value: string): MemberType =>
  value === 'reader' || value === 'author' || value === 'publisher' ? value : ''
