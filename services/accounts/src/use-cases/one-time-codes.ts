import { AppError, addressKey, newId, tooManyRequests, type Deps } from '@bookstrut/core'
import { QueueNames } from '@bookstrut/schemas'
import { hashOtp, newOtpCode, newSessionToken } from '../auth/tokens.js'
import type { OtpPurpose, OtpRow } from '../db/accounts.tables.js'
import * as otpRepo from '../db/otp.repository.js'
import type { AddressOrigin } from '../sign-in/usual-addresses.js'

/** Spec constants: codes live 10 minutes; resend waits 30 s (sign-up) or 120 s (password reset); 5 wrong tries. */
export const OTP_TTL_MS = 10 * 60 * 1000
export const OTP_MAX_FAILURES = 5
export const RESEND_COOLDOWN_S: Record<OtpPurpose, number> = { signup: 30, reset: 120 }

const isLive = (row: OtpRow, now: Date) =>
  !row.consumed_at && row.expires_at > now && row.attempts < OTP_MAX_FAILURES

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
 *
 * A reset code has an `origin` (usual-addresses.ts). Codes asked for from new addresses have their own daily cap,
 * and neither kill the live code the owner asked for from a usual address (nothing is sent; the owner's code
 * stays the one that works) nor hold the owner to a cooldown they started: a stranger cannot make the owner's
 * reset answer 429.
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
    origin?: AddressOrigin
  },
): Promise<{ resendAfter: number }> {
  const now = deps.clock.now()
  const existing = await otpRepo.findOtp(deps.db, args.email, args.purpose)
  const ownersCode = existing?.from_usual_address === true
  // The owner, from a usual address, is not held back by a cooldown a stranger started.
  const wait = args.origin === 'usual' && !ownersCode ? 0 : cooldownLeft(existing, args.purpose, now)
  if (wait > 0) {
    throw tooManyRequests(`Please wait ${wait} seconds before requesting a new code.`, wait, 'OTP_COOLDOWN')
  }
  await deps.limits.consume('otpPerIp', addressKey(args.ip))
  await deps.limits.consume('otpPerIpPerDay', addressKey(args.ip))
  await deps.limits.consume(
    args.origin === 'new' ? 'resetCodesPerAccountFromNewAddresses' : 'otpPerAccount',
    args.email,
  )
  // A stranger's request leaves the owner's live code alone: same answer, nothing sent, nothing replaced.
  if (args.origin === 'new' && ownersCode && isLive(existing, now))
    return { resendAfter: RESEND_COOLDOWN_S[args.purpose] }

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
    fromUsualAddress: args.origin === 'usual',
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

/** The daily wrong-try counters a check is held to: the IP's, and the account's (for a reset: by origin). */
function wrongTryLimits(email: string, ip: string, origin: AddressOrigin | undefined) {
  const network = addressKey(ip)
  const perIp = { name: 'otpFailuresPerIp', key: network } as const
  if (origin === undefined) return [{ name: 'otpFailuresPerAccount', key: email } as const, perIp]
  return [
    {
      name:
        origin === 'usual'
          ? 'resetFailuresPerAccountFromUsualAddresses'
          : 'resetFailuresPerAccountFromNewAddresses',
      key: email,
    } as const,
    { name: 'resetFailuresPerAccountAndIp', key: `${email}|${network}` } as const,
    perIp,
  ]
}

/**
 * Refuses (429) before any code is looked at once the account or the caller's IP has used up its wrong tries for
 * the day. A sign-up code: 10 per account (LIMITS.otpFailuresPerAccount). A reset code (with its `origin`): 3 per
 * account and IP, 5 per account from its usual addresses and 5 from all other addresses together, so a stranger
 * exhausts only the strangers' share and guessing stays bounded at 10 tries a day per account (SECURITY.md).
 */
export async function assertTriesLeft(deps: Deps, email: string, ip: string, origin?: AddressOrigin) {
  for (const { name, key } of wrongTryLimits(email, ip, origin)) await deps.limits.check(name, key)
}

/**
 * Counts a wrong code against the daily caps (never refuses: the answer is 400), and lowers the answer's
 * `attemptsLeft` to what this caller has left today when that is fewer than the code has left.
 */
export async function countWrongTry(
  deps: Deps,
  email: string,
  ip: string,
  error: AppError,
  origin?: AddressOrigin,
) {
  if (error.code !== 'OTP_INVALID') return
  const left = await Promise.all(
    wrongTryLimits(email, ip, origin).map(({ name, key }) => deps.limits.count(name, key)),
  )
  const leftToday = Math.min(...left)
  const data = error.data as { attemptsLeft: number } | undefined
  if (data) data.attemptsLeft = Math.max(0, Math.min(data.attemptsLeft, leftToday))
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
  origin?: AddressOrigin,
): Promise<OtpCheck> {
  const row = await otpRepo.lockOtp(trx, email, purpose)
  if (!row || row.consumed_at)
    return { ok: false, error: deadCode('This code is no longer valid. Please request a new one.') }
  // Wrong tries from new addresses are counted apart: they cannot kill the code for its owner.
  const column = origin === 'new' ? 'attempts_from_new_addresses' : 'attempts'
  if (row[column] >= OTP_MAX_FAILURES) {
    return { ok: false, error: deadCode('Too many wrong attempts. Please request a new code.') }
  }
  if (row.expires_at <= deps.clock.now())
    return { ok: false, error: deadCode('This code has expired. Please request a new one.') }
  if (hashOtp(row.id, normaliseOtp(otp)) !== row.code_hash) {
    await otpRepo.recordOtpFailure(trx, row.id, column)
    return { ok: false, error: invalidCode(OTP_MAX_FAILURES - row[column] - 1) }
  }
  return { ok: true, row }
}
