import { setTimeout as sleep } from 'node:timers/promises'
import {
  AppError,
  addressKey,
  badRequest,
  conflict,
  newId,
  notFound,
  unauthorized,
  type Db,
  type DbOrTx,
  type Deps,
} from '@bookstrut/core'
import type {
  CreateUserBody,
  ForgotPasswordBody,
  LoginBody,
  SessionData,
  VerifyOtpBody,
} from '@bookstrut/schemas'
import { hashPassword, verifyPassword } from '../auth/passwords.js'
import { hashToken, newSessionToken } from '../auth/tokens.js'
import type { UserRow } from '../db/accounts.tables.js'
import * as otpRepo from '../db/otp.repository.js'
import * as passwordResetsRepo from '../db/password-resets.repository.js'
import * as sessionsRepo from '../db/sessions.repository.js'
import * as usersRepo from '../db/users.repository.js'
import { canonicalEmail, typedEmail } from '../identity/mailbox.js'
import {
  admitPasswordCheck,
  recordFailedPassword,
  recordRightPassword,
} from '../sign-in/password-guessing.js'
import { originOf } from '../sign-in/usual-addresses.js'
import { OTP_TTL_MS, assertTriesLeft, checkOtp, countWrongTry, issueOtp } from './one-time-codes.js'

/** Who is asking, for rate limits, logs and the session record. */
export interface Caller {
  ip: string
  userAgent: string | null
  requestId: string
}

// The address as typed; the account behind it is found by it or by its mailbox (usersRepo.findUserByEmail).
const normaliseEmail = typedEmail

/**
 * The address codes of an e-mail are kept and counted under: its account's own address when there is one, so any
 * spelling of the mailbox (`X+3@gmail.com` for `x+1@gmail.com`) reaches the one code, its limits and its reset
 * token; else the address as typed.
 */
const codeEmailOf = async (db: DbOrTx, rawEmail: string) =>
  (await usersRepo.findUserByEmail(db, rawEmail))?.email ?? normaliseEmail(rawEmail)

async function openSession(
  deps: Deps,
  db: DbOrTx,
  user: UserRow,
  caller: Caller,
  message: string,
): Promise<SessionData> {
  const now = deps.clock.now()
  const token = newSessionToken()
  await sessionsRepo.insertSession(db, {
    id: newId(now.getTime()),
    userId: user.id,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + deps.config.auth.sessionTtlDays * 86_400_000),
    userAgent: caller.userAgent?.slice(0, 300) ?? null,
    ip: caller.ip,
  })
  return {
    _id: user.id,
    role: user.role,
    token,
    isBlocked: user.is_blocked,
    notes: user.block_notes,
    message,
  }
}

/**
 * Sends a sign-up code. Within the resend cooldown nothing is sent (the earlier code stays valid); either way
 * the answer is the number of seconds until a new code may be asked for.
 */
async function sendSignupCode(deps: Deps, user: UserRow, caller: Caller): Promise<number> {
  try {
    const sent = await issueOtp(deps, {
      email: user.email,
      purpose: 'signup',
      firstName: user.first_name,
      ip: caller.ip,
      requestId: caller.requestId,
    })
    return sent.resendAfter
  } catch (err) {
    if (err instanceof AppError && err.code === 'OTP_COOLDOWN') return Number(err.data?.retryAfter ?? 0)
    throw err
  }
}

/**
 * The spec's sign-up answer for a registered address. It does tell that the address has an account; sign-up
 * cannot hide that without sending the owner a mail they did not ask for, so it is bounded instead by
 * LIMITS.signUpPerIp (see SECURITY.md).
 */
const accountExists = () => conflict('An account with this email already exists. Please sign in.')

/**
 * Creates an unverified account and e-mails its code. Signing up again with an address that was never verified
 * replaces the pending details; a verified address is refused with 409. Within the resend cooldown the earlier
 * code stays valid and no new mail is sent.
 */
export async function signUp(deps: Deps, body: CreateUserBody, caller: Caller) {
  const email = normaliseEmail(body.email)
  await deps.limits.consume('signUpPerIp', addressKey(caller.ip))
  // The cheap refusal before the expensive hash; the upsert below still settles a race.
  if ((await usersRepo.findUserByEmail(deps.db, email))?.is_verified) throw accountExists()
  const passwordHash = await hashPassword(body.password, deps.config.auth.passwordHashCost, 'sign-up')
  const now = deps.clock.now()
  const user = await usersRepo.upsertUnverifiedUser(deps.db, {
    id: newId(now.getTime()),
    email,
    first_name: body.first_name.trim(),
    last_name: body.last_name.trim(),
    role: body.role,
    password_hash: passwordHash,
    created_at: now,
    updated_at: now,
  })
  if (!user) throw accountExists()
  return { user, resendAfter: await sendSignupCode(deps, user, caller) }
}

/** Sends a new sign-up code to an account that is not verified yet. */
export async function resendSignupOtp(deps: Deps, rawEmail: string, caller: Caller) {
  const user = await usersRepo.findUserByEmail(deps.db, rawEmail)
  const email = user?.email ?? normaliseEmail(rawEmail)
  if (!user) throw notFound('No account was found for this email. Please sign up.')
  if (user.is_verified) throw conflict('This account is already verified. Please sign in.')
  return issueOtp(deps, {
    email,
    purpose: 'signup',
    firstName: user.first_name,
    ip: caller.ip,
    requestId: caller.requestId,
  })
}

/**
 * What else happens when an account is verified, in the transaction that verifies it: the app passes billing's
 * start on the free plan (accounts does not depend on billing; billing's members are accounts).
 */
export type OnVerified = (trx: DbOrTx, user: UserRow, now: Date) => Promise<void>

/** Checks the sign-up code; on success the account becomes usable and a session is opened. */
export async function verifySignup(
  deps: Deps & { db: Db },
  body: VerifyOtpBody,
  caller: Caller,
  onVerified: OnVerified,
): Promise<SessionData> {
  const email = await codeEmailOf(deps.db, body.email)
  await assertTriesLeft(deps, email, caller.ip)
  type Outcome = { error: AppError } | { session: SessionData }
  const outcome = await deps.db.transaction().execute(async (trx): Promise<Outcome> => {
    const user = await usersRepo.findUserByEmail(trx, email)
    if (!user) return { error: notFound('No account was found for this email. Please sign up.') }
    if (user.is_verified) return { error: conflict('This account is already verified. Please sign in.') }
    const check = await checkOtp(deps, trx, email, 'signup', body.otp)
    if (!check.ok) return { error: check.error }
    const now = deps.clock.now()
    await otpRepo.markOtpConsumed(trx, check.row.id, now)
    const verified = await usersRepo.updateUser(trx, user.id, { is_verified: true, updated_at: now })
    if (!verified) throw new Error(`user ${user.id} vanished during verification`)
    await onVerified(trx, verified, now)
    return { session: await openSession(deps, trx, verified, caller, 'Your account has been verified.') }
  })
  // Thrown after the commit, so a wrong try stays counted.
  if ('error' in outcome) {
    await countWrongTry(deps, email, caller.ip, outcome.error)
    throw outcome.error
  }
  return outcome.session
}

// Checked against when the address is unknown, so a login takes as long whether or not the account exists.
let decoyHash: Promise<string> | undefined

/**
 * Signs in. Unverified accounts get a fresh code and 403 OTP_REQUIRED; blocked accounts sign in but are flagged.
 * Before scrypt runs, the account's password-check budget is taken atomically (admitPasswordCheck, issue 45): at
 * most 10 checks a minute from new addresses, 10 apart from the account's usual ones, then the growing delay.
 */
export async function logIn(deps: Deps, body: LoginBody, caller: Caller): Promise<SessionData> {
  const email = normaliseEmail(body.email)
  const network = addressKey(caller.ip)
  const pair = `${email}|${network}`
  await deps.limits.consume('loginPerIp', network)
  await deps.limits.check('loginFailuresPerAccountIp', pair)
  const origin = await originOf(deps.db, email, caller.ip, deps.clock.now())
  const { delayMs } = await admitPasswordCheck(deps.limits, email, origin)
  // Waiting holds no hashing slot and no database connection: a timer is all a slowed attempt costs.
  await sleep(delayMs)
  const user = await usersRepo.findUserByEmail(deps.db, email)
  decoyHash ??= hashPassword('decoy-password', deps.config.auth.passwordHashCost)
  const stored = user?.password_hash ?? (await decoyHash)
  const passwordOk = await verifyPassword(body.password, stored, 'sign-in')
  if (!user || !passwordOk) {
    await Promise.all([
      deps.limits.consume('loginFailuresPerAccountIp', pair),
      recordFailedPassword(deps.limits, email, origin),
    ])
    throw new AppError(401, 'INVALID_CREDENTIALS', 'Invalid email or password.')
  }
  await Promise.all([
    deps.limits.reset('loginFailuresPerAccountIp', pair),
    recordRightPassword(deps.limits, email, origin),
  ])
  if (!user.is_verified) {
    // Over the mail limits the earlier code may still be in the inbox: the answer is the same.
    const resendAfter = await sendSignupCode(deps, user, caller).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'RATE_LIMITED') return 0
      throw err
    })
    throw new AppError(403, 'OTP_REQUIRED', 'Please verify your email first. We have sent you a code.', {
      otpRequired: true,
      email,
      resendAfter,
    })
  }
  return openSession(deps, deps.db, user, caller, 'User login successfully!')
}

/** Revokes the session of this request. */
export async function logOut(deps: Deps, sessionId: string) {
  await sessionsRepo.revokeSession(deps.db, sessionId, deps.clock.now())
}

/** Resolves a token to its live session, or 401. */
export async function liveSession(deps: Deps, token: string | undefined) {
  if (!token) throw unauthorized()
  const found = await sessionsRepo.findLiveSession(deps.db, hashToken(token), deps.clock.now())
  if (!found) throw unauthorized('Your LogIn Session Expired.')
  return found
}

const RESET_SENT_MESSAGE = 'If an account exists for this email, we have sent it a code.'

/**
 * Sends a password-reset code. For an address without a verified account a decoy code is stored and nothing is
 * sent, so the answer, the 120 s cooldown, the limits and the code checks of step 2 are the same either way:
 * neither call tells who is registered. An unknown address has no usual addresses: every caller is new to it, as
 * a stranger is to a registered one.
 */
export async function sendResetOtp(deps: Deps, rawEmail: string, caller: Caller) {
  const user = await usersRepo.findUserByEmail(deps.db, rawEmail)
  const email = user?.email ?? normaliseEmail(rawEmail)
  const sent = await issueOtp(deps, {
    email,
    purpose: 'reset',
    firstName: user?.first_name ?? '',
    ip: caller.ip,
    requestId: caller.requestId,
    decoy: !user?.is_verified,
    origin: await originOf(deps.db, email, caller.ip, deps.clock.now()),
  })
  return { message: RESET_SENT_MESSAGE, resendAfter: sent.resendAfter }
}

/** A reset token lives as long as a code: enough to type a new password, too short to be worth stealing. */
export const RESET_TOKEN_TTL_MS = OTP_TTL_MS

const resetTokenRequired = () =>
  new AppError(400, 'OTP_REQUIRED', 'Please verify the code sent to your email first.')

/**
 * Step 2 of the reset wizard: checks the code (daily caps on wrong tries first, counted by the caller's origin) and,
 * when it is right, uses it up and hands out a one-time reset token bound to this account and this code. Step 3
 * needs that token.
 */
export async function verifyResetOtp(
  deps: Deps & { db: Db },
  body: VerifyOtpBody,
  caller: Caller,
): Promise<{ resetToken: string }> {
  const email = await codeEmailOf(deps.db, body.email)
  const origin = await originOf(deps.db, email, caller.ip, deps.clock.now())
  await assertTriesLeft(deps, email, caller.ip, origin)
  type Outcome = { error: AppError } | { resetToken: string }
  const outcome = await deps.db.transaction().execute(async (trx): Promise<Outcome> => {
    const check = await checkOtp(deps, trx, email, 'reset', body.otp, origin)
    if (!check.ok) return { error: check.error }
    const user = await usersRepo.findUserByEmail(trx, email)
    // Decoy codes never match, so a right code always has its verified account; kept as a guard.
    if (!user?.is_verified) return { error: resetTokenRequired() }
    const now = deps.clock.now()
    await otpRepo.markOtpConsumed(trx, check.row.id, now)
    const resetToken = newSessionToken()
    await passwordResetsRepo.insertResetToken(trx, {
      id: newId(now.getTime()),
      userId: user.id,
      otpId: check.row.id,
      tokenHash: hashToken(resetToken),
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    })
    return { resetToken }
  })
  // Thrown after the commit, so a wrong try stays counted.
  if ('error' in outcome) {
    await countWrongTry(deps, email, caller.ip, outcome.error, origin)
    throw outcome.error
  }
  return outcome
}

/**
 * Step 3: the reset token from step 2 is checked before anything costly (the new password is hashed only for a
 * live token of this e-mail's account), then spent once: the password changes, every other reset token of the
 * account is voided and every session of the account ends.
 */
export async function resetPassword(deps: Deps & { db: Db }, body: ForgotPasswordBody, caller: Caller) {
  await deps.limits.consume('passwordResetPerIp', addressKey(caller.ip))
  if (body.newPassword !== body.confirmPassword) throw badRequest('Passwords do not match')
  const live = await passwordResetsRepo.findLiveResetToken(
    deps.db,
    hashToken(body.resetToken),
    deps.clock.now(),
  )
  // The mailbox, not its spelling: a reset asked for as `X+3@gmail.com` is the account of `x+1@gmail.com`.
  if (!live || canonicalEmail(live.email) !== canonicalEmail(body.email)) throw resetTokenRequired()
  const passwordHash = await hashPassword(body.newPassword, deps.config.auth.passwordHashCost, 'reset')
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now()
    // Of two concurrent resets with one token, one spends it; the other changes nothing.
    if (!(await passwordResetsRepo.spendResetToken(trx, live.id, now))) throw resetTokenRequired()
    await usersRepo.updateUser(trx, live.user_id, { password_hash: passwordHash, updated_at: now })
    await passwordResetsRepo.voidUserResetTokens(trx, live.user_id, now)
    await sessionsRepo.revokeUserSessions(trx, live.user_id, now)
  })
}
