import {
  AppError,
  badRequest,
  conflict,
  hashPassword,
  hashToken,
  membershipsRepo,
  newId,
  newSessionToken,
  notFound,
  otpRepo,
  sessionsRepo,
  unauthorized,
  usersRepo,
  verifyPassword,
  type Db,
  type DbOrTx,
  type UserRow,
} from '@bookstrut/core'
import type {
  CreateUserBody,
  ForgotPasswordBody,
  LoginBody,
  SessionData,
  VerifyOtpBody,
} from '@bookstrut/schemas'
import type { Deps } from '../deps.js'
import { checkOtp, issueOtp } from './otp.service.js'

/** Who is asking, for rate limits, logs and the session record. */
export interface Caller {
  ip: string
  userAgent: string | null
  requestId: string
}

const normaliseEmail = (email: string) => email.trim().toLowerCase()

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
 * Creates an unverified account and e-mails its code. Signing up again with an address that was never verified
 * replaces the pending details; a verified address is refused with 409. Within the resend cooldown the earlier
 * code stays valid and no new mail is sent.
 */
export async function signUp(deps: Deps, body: CreateUserBody, caller: Caller) {
  const email = normaliseEmail(body.email)
  const now = deps.clock.now()
  const user = await usersRepo.upsertUnverifiedUser(deps.db, {
    id: newId(now.getTime()),
    email,
    first_name: body.first_name.trim(),
    last_name: body.last_name.trim(),
    role: body.role,
    password_hash: await hashPassword(body.password, deps.config.auth.passwordHashCost),
    created_at: now,
    updated_at: now,
  })
  if (!user) throw conflict('An account with this email already exists. Please sign in.')
  return { user, resendAfter: await sendSignupCode(deps, user, caller) }
}

/** Sends a new sign-up code to an account that is not verified yet. */
export async function resendSignupOtp(deps: Deps, rawEmail: string, caller: Caller) {
  const email = normaliseEmail(rawEmail)
  const user = await usersRepo.findUserByEmail(deps.db, email)
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

/** Checks the sign-up code; on success the account becomes usable and a session is opened. */
export async function verifySignup(
  deps: Deps & { db: Db },
  body: VerifyOtpBody,
  caller: Caller,
): Promise<SessionData> {
  const email = normaliseEmail(body.email)
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
    // Authors and publishers start on the free plan (Starter Strut, one book).
    if (verified.role === 'author' || verified.role === 'publisher')
      await membershipsRepo.ensureFreeMembership(trx, verified.id, now)
    return { session: await openSession(deps, trx, verified, caller, 'Your account has been verified.') }
  })
  // Thrown after the commit, so a wrong try stays counted.
  if ('error' in outcome) throw outcome.error
  return outcome.session
}

// Checked against when the address is unknown, so a login takes as long whether or not the account exists.
let decoyHash: Promise<string> | undefined

/** Signs in. Unverified accounts get a fresh code and 403 OTP_REQUIRED; blocked accounts sign in but are flagged. */
export async function logIn(deps: Deps, body: LoginBody, caller: Caller): Promise<SessionData> {
  const email = normaliseEmail(body.email)
  await deps.limits.consume('loginPerIp', caller.ip)
  await deps.limits.check('loginFailuresPerAccount', email)
  const user = await usersRepo.findUserByEmail(deps.db, email)
  decoyHash ??= hashPassword('decoy-password', deps.config.auth.passwordHashCost)
  const passwordOk = await verifyPassword(body.password, user?.password_hash ?? (await decoyHash))
  if (!user || !passwordOk) {
    await deps.limits.consume('loginFailuresPerAccount', email)
    throw new AppError(401, 'INVALID_CREDENTIALS', 'Invalid email or password.')
  }
  await deps.limits.reset('loginFailuresPerAccount', email)
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
 * Sends a password-reset code. The answer is the same whether or not the address has an account, so the call
 * cannot be used to find out who is registered.
 */
export async function sendResetOtp(deps: Deps, rawEmail: string, caller: Caller) {
  const email = normaliseEmail(rawEmail)
  const user = await usersRepo.findUserByEmail(deps.db, email)
  if (!user?.is_verified) return { message: RESET_SENT_MESSAGE, resendAfter: 120 }
  const sent = await issueOtp(deps, {
    email,
    purpose: 'reset',
    firstName: user.first_name,
    ip: caller.ip,
    requestId: caller.requestId,
  })
  return { message: RESET_SENT_MESSAGE, resendAfter: sent.resendAfter }
}

/** Step 2 of the reset wizard: the code is marked verified (not used up) so step 3 may set the password. */
export async function verifyResetOtp(deps: Deps & { db: Db }, body: VerifyOtpBody) {
  const email = normaliseEmail(body.email)
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const check = await checkOtp(deps, trx, email, 'reset', body.otp)
    if (!check.ok) return { error: check.error }
    await otpRepo.markOtpVerified(trx, check.row.id, deps.clock.now())
    return {}
  })
  // Thrown after the commit, so a wrong try stays counted.
  if (outcome.error) throw outcome.error
}

/** Step 3: needs a reset code verified in step 2 and not yet used; sets the password and ends every session. */
export async function resetPassword(deps: Deps & { db: Db }, body: ForgotPasswordBody) {
  if (body.newPassword !== body.confirmPassword) throw badRequest('Passwords do not match')
  const email = normaliseEmail(body.email)
  const passwordHash = await hashPassword(body.newPassword, deps.config.auth.passwordHashCost)
  await deps.db.transaction().execute(async (trx) => {
    const otp = await otpRepo.lockOtp(trx, email, 'reset')
    const now = deps.clock.now()
    if (!otp?.verified_at || otp.consumed_at || otp.expires_at <= now) {
      throw new AppError(400, 'OTP_REQUIRED', 'Please verify the code sent to your email first.')
    }
    const user = await usersRepo.findUserByEmail(trx, email)
    if (!user) throw notFound('No account was found for this email.')
    await usersRepo.updateUser(trx, user.id, { password_hash: passwordHash, updated_at: now })
    await otpRepo.markOtpConsumed(trx, otp.id, now)
    await sessionsRepo.revokeUserSessions(trx, user.id, now)
  })
}
