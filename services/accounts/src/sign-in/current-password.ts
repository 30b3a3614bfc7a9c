import { AppError, badRequest } from '@bookstrut/core'
import { CURRENT_PASSWORD_REQUIRED } from '@bookstrut/schemas'
import { verifyPassword } from '../auth/passwords.js'

/** The limit wrong current passwords spend (the api's rate limits, which hold its size). */
export interface CurrentPasswordLimits {
  check(name: 'currentPasswordFailuresPerAccount', key: string): Promise<void>
  count(name: 'currentPasswordFailuresPerAccount', key: string): Promise<number>
}

export const CURRENT_PASSWORD_WRONG = 'Your current password is not correct. Nothing was changed.'

/**
 * A password change needs the password of the account making it (OWASP ASVS 4.0.3 V2.1.6, issue 45): a session
 * token alone, stolen or left open on a shared computer, no longer sets a new password. The caller is the account
 * whose password is checked (its own; an admin changing another account's password gives the admin's). Missing:
 * 400; wrong: 403 INVALID_CREDENTIALS (not 401, which would end the caller's session in the client). Wrong tries
 * are capped per account (currentPasswordFailuresPerAccount), checked before scrypt runs, so a stolen token cannot
 * guess the password through this door either.
 */
export async function confirmCurrentPassword(
  limits: CurrentPasswordLimits,
  caller: { id: string; password_hash: string },
  currentPassword: string | undefined,
): Promise<void> {
  if (!currentPassword) throw badRequest(CURRENT_PASSWORD_REQUIRED)
  await limits.check('currentPasswordFailuresPerAccount', caller.id)
  if (await verifyPassword(currentPassword, caller.password_hash, 'change')) return
  await limits.count('currentPasswordFailuresPerAccount', caller.id)
  throw new AppError(403, 'INVALID_CREDENTIALS', CURRENT_PASSWORD_WRONG)
}
