/*
 * The two password rules of the spec (reader-and-account sections 5 and 9), in one place for the server's schemas
 * and the client's forms, so that neither accepts what the other refuses. They differ on purpose (the spec gives
 * both): a sign-up password is at least 6 characters of any kind; a password set through "forgot password" is at
 * least 6 digits, numbers only. Each form states its own rule before anything is typed (`*_RULE`).
 */

export const SIGNUP_PASSWORD_MIN = 6
export const PASSWORD_MAX = 128
export const SIGNUP_PASSWORD_RULE = 'At least 6 characters: letters, digits or symbols.'
export const SIGNUP_PASSWORD_TOO_SHORT = 'Password must be at least 6 characters.'

/** A profile's new password needs the current one (OWASP ASVS V2.1.6): the server's 400 and the form's message. */
export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to set a new one.'

export const RESET_PASSWORD_MIN_DIGITS = 6
export const RESET_PASSWORD_MAX_DIGITS = 64
export const RESET_PASSWORD_RULE = 'At least 6 digits, numbers only (0-9).'
/** The spec's message: shown when fewer than 6 characters were typed, where it is true as written. */
export const RESET_PASSWORD_TOO_SHORT = 'Password must be 6 digits'
/** For 6 or more characters that are not all digits: "must be 6 digits" would contradict the length typed. */
export const RESET_PASSWORD_NOT_DIGITS = 'Password must be numbers only (digits 0-9)'
export const RESET_PASSWORD_TOO_LONG = `Password must be at most ${RESET_PASSWORD_MAX_DIGITS} digits`

/** Characters as the server's validator counts them (code points: an emoji is one), not UTF-16 units. */
export const passwordLength = (password: string) => [...password].length

/**
 * What is wrong with a new reset password, or null. Checked in the order the server's schema reports them
 * (`ResetPassword` in users.ts: length first, then digits), so both give the same message.
 */
export function resetPasswordProblem(password: string): string | null {
  const length = passwordLength(password)
  if (length < RESET_PASSWORD_MIN_DIGITS) return RESET_PASSWORD_TOO_SHORT
  if (length > RESET_PASSWORD_MAX_DIGITS) return RESET_PASSWORD_TOO_LONG
  if (!/^[0-9]+$/.test(password)) return RESET_PASSWORD_NOT_DIGITS
  return null
}

/** What is wrong with a sign-up password that is not empty, or null. */
export function signupPasswordProblem(password: string): string | null {
  const length = passwordLength(password)
  if (length < SIGNUP_PASSWORD_MIN) return SIGNUP_PASSWORD_TOO_SHORT
  if (length > PASSWORD_MAX) return 'Password is too long.'
  return null
}
