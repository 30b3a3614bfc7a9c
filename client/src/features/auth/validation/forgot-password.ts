import { resetPasswordProblem } from '@bookstrut/schemas'
import { digitsOnly, isBlank, newPasswordProblems, strictEmailPattern } from '@/lib/validation'

export const OTP_LENGTH = 4

/** Step 1 (spec reader-and-account section 5, forgot password). Returns the message or null. */
export function validateResetEmail(email: string): string | null {
  if (isBlank(email)) return 'Email is required'
  if (!strictEmailPattern.test(email.trim())) return 'Invalid email format'
  return null
}

/** Step 2 input: only digits are kept, at most four. */
export const sanitizeResetOtp = (value: string): string => digitsOnly(value).slice(0, OTP_LENGTH)

export function validateResetOtp(otp: string): string | null {
  if (otp === '') return 'OTP is required'
  if (!/^\d{4}$/.test(otp)) return 'OTP must be 4 digits'
  return null
}

export interface NewPasswordValues {
  newPassword: string
  confirmPassword: string
}

/** Step 3: the reset rule shared with the server (schemas password-rules.ts) and a matching confirmation. */
export function validateNewPassword(
  values: NewPasswordValues,
): Partial<Record<keyof NewPasswordValues, string>> {
  const { password, confirmation } = newPasswordProblems(
    values.newPassword,
    values.confirmPassword,
    resetPasswordProblem,
    {
      required: 'New password is required',
      confirmRequired: 'Confirm password is required',
      mismatch: 'Passwords do not match',
    },
  )
  return {
    ...(password ? { newPassword: password } : {}),
    ...(confirmation ? { confirmPassword: confirmation } : {}),
  }
}
