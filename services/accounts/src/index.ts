/*
 * @bookstrut/accounts: who a user is and how they prove it. Its use cases (sign-up, log-in, sessions, reset, one-time
 * codes, profile updates), its tables, the repositories the other domains read, password hashing and the OTP mail.
 * Test helpers are in `@bookstrut/accounts/testing`.
 */
import * as sessionsRepo from './db/sessions.repository.js'
import * as usersRepo from './db/users.repository.js'

export { sessionsRepo, usersRepo }
export type {
  AccountsTables,
  NewUser,
  OtpCodesTable,
  OtpPurpose,
  OtpRow,
  PasswordResetTokenRow,
  PasswordResetTokensTable,
  SessionRow,
  SessionsTable,
  UserRow,
  UsersTable,
  UserUpdate,
} from './db/accounts.tables.js'
export { hashPassword } from './auth/passwords.js'
export { hashToken } from './auth/tokens.js'
export { otpMail } from './mail/otp-mail.js'
export {
  liveSession,
  logIn,
  logOut,
  resendSignupOtp,
  resetPassword,
  sendResetOtp,
  signUp,
  verifyResetOtp,
  verifySignup,
  type Caller,
  type OnVerified,
} from './use-cases/sign-in.js'
export { getSingleUser, updateProfile, type ProfileImages, type SignedIn } from './use-cases/account.js'
