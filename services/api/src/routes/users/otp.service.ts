import {
  AppError,
  hashOtp,
  newId,
  newOtpCode,
  newSessionToken,
  otpRepo,
  tooManyRequests,
  type OtpPurpose,
  type OtpRow,
} from '@bookstrut/core'
import { QueueNames } from '@bookstrut/schemas'
import type { Deps } from '../deps.js'

/** Spec constants: codes live 10 minutes; resend waits 30 s (sign-up) or 120 s (password reset); 5 wrong tries. */
export const OTP_TTL_MS = 10 * 60 * 1000
export const OTP_MAX_FAILURES = 5
export const RESEND_COOLDOWN_S: Record<OtpPurpose, number> = { signup: 30, reset: 120 }

/** Seconds left before a new code may be sent for this address and purpose (0 when one may be sent now). */
export function cooldownLeft(existing: OtpRow | undefined, purpose: OtpPurpose, now: Date): number {
  if (!existing) return 0
  const readyAt = existing.sent_at.getTime() + RESEND_COOLDOWN_S[purpose] * 1000
  return Math.max(0, Math.ceil((readyAt - now.getTime()) / 1000))
}

/**
 * Makes a new code for an address (killing any earlier one) and queues its e-mail. Refuses with 429
 * OTP_COOLDOWN while the resend cooldown runs, and counts against the per-IP and per-address mail limits
 * (hourly and daily). A `decoy` (a reset asked for an address without an account) does all the same work and
 * stores a code no input can match, but sends nothing: the answers, the cooldown, the limits and the later code
 * checks then behave exactly as for a real account.
 */
export async function issueOtp(
  deps: Deps,
  args: {
    email: string
    purpose: OtpPurpose
    firstName: string
    ip: string
    requestId: string
    decoy?: boolean
  },
): Promise<{ resendAfter: number }> {
  const now = deps.clock.now()
  const wait = cooldownLeft(await otpRepo.findOtp(deps.db, args.email, args.purpose), args.purpose, now)
  if (wait > 0) {
    throw tooManyRequests(`Please wait ${wait} seconds before requesting a new code.`, wait, 'OTP_COOLDOWN')
  }
  await deps.limits.consume('otpPerIp', args.ip)
  await deps.limits.consume('otpPerIpPerDay', args.ip)
  await deps.limits.consume('otpPerAccount', args.email)

  const id = newId(now.getTime())
  // A decoy's "code" is 43 random characters: no 4-digit input can ever match it.
  const code = args.decoy ? newSessionToken() : newOtpCode()
  await otpRepo.replaceOtp(deps.db, {
    id,
    email: args.email,
    purpose: args.purpose,
    codeHash: hashOtp(id, code),
    sentAt: now,
    expiresAt: new Date(now.getTime() + OTP_TTL_MS),
  })
  if (args.decoy) return { resendAfter: RESEND_COOLDOWN_S[args.purpose] }
  // The code's id is the job id: a retried request never sends the same code twice.
  await deps.queues.enqueue(
    QueueNames.mail,
    {
      kind: args.purpose === 'signup' ? 'signup-otp' : 'reset-otp',
      to: args.email,
      firstName: args.firstName,
      code,
      requestId: args.requestId,
    },
    `otp-${id}`,
  )
  return { resendAfter: RESEND_COOLDOWN_S[args.purpose] }
}

/**
 * Refuses (429) before any code is looked at once the address or the caller's IP has used up its wrong tries
 * for the day (LIMITS.otpFailuresPerAccount / otpFailuresPerIp). With at most 5 codes a day per address this
 * bounds guessing to 10 tries a day per account, whatever the number of codes or addresses used.
 */
export async function assertTriesLeft(deps: Deps, email: string, ip: string) {
  await deps.limits.check('otpFailuresPerAccount', email)
  await deps.limits.check('otpFailuresPerIp', ip)
}

/** Counts a wrong code against the daily caps of the address and the IP (never refuses: the answer is 400). */
export async function countWrongTry(deps: Deps, email: string, ip: string, error: AppError) {
  if (error.code !== 'OTP_INVALID') return
  await Promise.all([
    deps.limits.count('otpFailuresPerAccount', email),
    deps.limits.count('otpFailuresPerIp', ip),
  ])
}

/** The spec's client sends the code as a number, so 0123 may arrive as 123. */
export const normaliseOtp = (otp: string | number) => String(otp).padStart(4, '0')

const invalidCode = (attemptsLeft: number) =>
  new AppError(400, 'OTP_INVALID', 'Invalid OTP. Please check the code and try again.', { attemptsLeft })
const deadCode = (message: string) => new AppError(400, 'OTP_EXPIRED', message)

export type OtpCheck = { ok: true; row: OtpRow } | { ok: false; error: AppError }

/**
 * Checks a code under a row lock inside the caller's transaction. A wrong code is counted in the row, so the
 * caller must commit before throwing `error`; after 5 wrong tries the code is dead, even for the right digits.
 */
export async function checkOtp(
  deps: Deps,
  trx: Deps['db'],
  email: string,
  purpose: OtpPurpose,
  otp: string | number,
): Promise<OtpCheck> {
  const row = await otpRepo.lockOtp(trx, email, purpose)
  if (!row || row.consumed_at)
    return { ok: false, error: deadCode('This code is no longer valid. Please request a new one.') }
  if (row.attempts >= OTP_MAX_FAILURES) {
    return { ok: false, error: deadCode('Too many wrong attempts. Please request a new code.') }
  }
  if (row.expires_at <= deps.clock.now())
    return { ok: false, error: deadCode('This code has expired. Please request a new one.') }
  if (hashOtp(row.id, normaliseOtp(otp)) !== row.code_hash) {
    await otpRepo.recordOtpFailure(trx, row.id)
    return { ok: false, error: invalidCode(OTP_MAX_FAILURES - row.attempts - 1) }
  }
  return { ok: true, row }
}
