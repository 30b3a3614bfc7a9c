import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { Type } from '@sinclair/typebox'
import {
  CreateUserBody,
  CreatedUser,
  EmailBody,
  Envelope,
  ForgotPasswordBody,
  IdQuery,
  LoginBody,
  OtpSent,
  RefreshData,
  RefreshTokenBody,
  ResetTokenData,
  SessionData,
  SingleUserData,
  UpdateUserBody,
  User,
  UserIdQuery,
  VerifyOtpBody,
} from '@bookstrut/schemas'
import {
  getSingleUser,
  liveSession,
  logIn,
  logOut,
  resendSignupOtp,
  resetPassword,
  sendResetOtp,
  signUp,
  updateProfile,
  verifyResetOtp,
  verifySignup,
  type Caller,
} from '@bookstrut/accounts'
import { startOnFreePlan } from '@bookstrut/billing'
import { access, inQuery } from '@bookstrut/core'
import { ok } from '../../respond.js'
import { depsOf } from '../deps.js'
import { refuseOwnEndedSession, requireAuth, tokenOf } from '../../plugins/app/auth.js'
import { optionalBody, declarer } from '../route-docs.js'
import { loadPublicProfile, loadUser } from '../../views/user-view.js'
import { profileImagesOf, readProfileMultipart } from './profile-form.js'

const callerOf = (req: FastifyRequest): Caller => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'] ?? null,
  requestId: req.id,
})

/** Accounts: sign-up with e-mail code, login, sessions, password reset, profile (spec section 7 paths). */
export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = depsOf(app)
  const declare = declarer(['accounts'])

  app.post(
    '/user/create',
    declare({
      summary: 'Sign up; e-mails a 4-digit code',
      request: { body: CreateUserBody },
      response: { 201: Envelope(Type.Composite([CreatedUser, OtpSent])) },
      access: access.public(),
    }),
    async (req, reply) => {
      const { user, resendAfter } = await signUp(deps, req.body, callerOf(req))
      return reply.code(201).send(
        ok('We have sent a 4-digit code to your email.', {
          _id: user.id,
          email: user.email,
          role: user.role,
          resendAfter,
        }),
      )
    },
  )

  app.post(
    '/resendotp/user',
    declare({
      summary: 'Send a new sign-up code (30 s cooldown)',
      request: { body: EmailBody },
      response: { 200: Envelope(OtpSent) },
      access: access.public(),
    }),
    async (req) => {
      const sent = await resendSignupOtp(deps, req.body.email, callerOf(req))
      return ok('OTP has been resent to your email.', { email: req.body.email.trim().toLowerCase(), ...sent })
    },
  )

  app.post(
    '/verify/user/Verification',
    declare({
      summary: 'Verify the sign-up code; opens a session',
      request: { body: VerifyOtpBody },
      response: { 200: Envelope(SessionData) },
      access: access.public(),
    }),
    async (req) => {
      const session = await verifySignup(deps, req.body, callerOf(req), startOnFreePlan)
      return ok(session.message, session)
    },
  )

  app.post(
    '/login-user',
    declare({
      summary: 'Sign in',
      request: { body: LoginBody },
      response: { 200: Envelope(SessionData) },
      access: access.public(),
    }),
    async (req) => {
      const session = await logIn(deps, req.body, callerOf(req))
      return ok(session.message, session)
    },
  )

  app.post(
    '/refresh-token/user',
    {
      ...declare({
        summary: 'Check a session; answers the user and its blocked flag',
        description:
          'The token comes in the body (spec) or, when absent, from the Authorization or token header.',
        request: { body: RefreshTokenBody, ...optionalBody },
        response: { 200: Envelope(RefreshData) },
        access: access.public(),
      }),
      // A call with no body at all (token in a header) is checked as an empty object; a JSON `null` is not
      // "no body" and stays a 400, as the document says.
      preValidation: async (req) => {
        if (req.body === undefined) req.body = {}
      },
    },
    async (req) => {
      const { user } = await liveSession(deps, req.body.token ?? tokenOf(req))
      return ok('Session is valid', {
        isBlocked: user.is_blocked,
        notes: user.block_notes,
        user: await loadUser(app.db, user),
      })
    },
  )

  app.get(
    '/logout/user',
    declare({
      summary: 'End this session',
      request: { querystring: IdQuery },
      response: { 200: Envelope(Type.Null()) },
      access: access.ownAccount(inQuery('id')),
    }),
    async (req) => {
      await logOut(deps, requireAuth(req).session.id)
      return ok('Logout successfully', null)
    },
  )

  app.post(
    '/sentOtp/user',
    declare({
      summary: 'Send a password-reset code (120 s cooldown)',
      request: { body: EmailBody },
      response: { 200: Envelope(OtpSent) },
      access: access.public(),
    }),
    async (req) => {
      const { message, resendAfter } = await sendResetOtp(deps, req.body.email, callerOf(req))
      return ok(message, { email: req.body.email.trim().toLowerCase(), resendAfter })
    },
  )

  app.post(
    '/verifyOtp/user',
    declare({
      summary: 'Check a password-reset code; answers a one-time reset token',
      description:
        'A right code is used up and answered with `resetToken`, which `POST /forgot-password/user` needs: it ' +
        'lives 10 minutes, works once, and dies when a new code is asked for or the password is reset. Wrong ' +
        'codes are capped per account and per IP per day (429). Unknown addresses are answered exactly like ' +
        'registered ones.',
      request: { body: VerifyOtpBody },
      response: { 200: Envelope(ResetTokenData) },
      access: access.public(),
    }),
    async (req) => {
      const data = await verifyResetOtp(deps, req.body, callerOf(req))
      return ok('OTP verified successfully', data)
    },
  )

  app.post(
    '/forgot-password/user',
    declare({
      summary: 'Set a new password with the reset token of a verified code',
      description:
        'Needs the `resetToken` answered by `POST /verifyOtp/user` for the same e-mail (400 OTP_REQUIRED ' +
        'otherwise, checked before the new password is hashed). Ends every session of the account. ' +
        'Rate-limited per IP.',
      request: { body: ForgotPasswordBody },
      response: { 200: Envelope(Type.Null()) },
      access: access.public(),
    }),
    async (req) => {
      await resetPassword(deps, req.body, callerOf(req))
      return ok('Password reset successful', null)
    },
  )

  app.get(
    '/get/single/user',
    declare({
      summary: 'One account: the whole account for its owner or an admin, the public profile for others',
      description:
        'Public profiles exist for verified authors and publishers only. Readers and admins are visible to ' +
        'themselves and to admins; anybody else gets 404, as for an id that does not exist (a 403 would ' +
        'confirm the account).',
      request: { querystring: UserIdQuery },
      response: { 200: Envelope(SingleUserData) },
      access: access.public(),
    }),
    async (req) => {
      await refuseOwnEndedSession(req, app.db, req.query.userId)
      const { row, view } = await getSingleUser(deps, req.query.userId, req.auth)
      const shown = view === 'account' ? await loadUser(app.db, row) : await loadPublicProfile(app.db, row)
      return ok('User fetched successfully', shown)
    },
  )

  app.put(
    '/update/user',
    {
      ...declare({
        summary: "Update one's profile",
        description:
          'JSON, or multipart/form-data with the same fields plus the images `profile` (≤ 1 MB) and `banner` (≤ 2 MB), JPEG/PNG/GIF/WEBP. ' +
          'Password and confirm_password only when both are non-empty, with current_password: the password of ' +
          'the account making the change (400 without it, 403 INVALID_CREDENTIALS when wrong, nothing changed; ' +
          '5 wrong ones per account in 15 minutes, then 429). Email cannot change; authors and publishers may switch between the two roles.',
        request: {
          consumes: ['application/json', 'multipart/form-data'],
          querystring: IdQuery,
          body: UpdateUserBody,
        },
        response: { 200: Envelope(User) },
        // Who may write is settled before an upload is read (a missing or malformed id is left to the schema).
        access: access.beforeBody(access.ownAccountWrite(inQuery('id'))),
      }),
      preValidation: readProfileMultipart,
    },
    async (req) => {
      const updated = await updateProfile(
        { ...deps, media: app.media },
        req.query.id,
        req.body,
        requireAuth(req),
        profileImagesOf(req),
      )
      return ok('Profile updated successfully', await loadUser(app.db, updated))
    },
  )
}
