/*
 * Test support of accounts, for tests and benches only (`@bookstrut/accounts/testing`): a signed-in user, and the
 * rules tests check an account against (the mailbox, the password check, the login delay). The stores, scratch
 * databases and the other factories are in `@bookstrut/core/testing`.
 */
export { buildUser } from './user-factory.js'
export { canonicalEmail } from '../identity/mailbox.js'
export { verifyPassword } from '../auth/passwords.js'
export { loginDelayMs } from '../sign-in/password-guessing.js'
// What the api's seeding (`@bookstrut/api/testing`) writes accounts, sessions and codes with.
export { hashOtp, newSessionToken } from '../auth/tokens.js'
export * as otpRepo from '../db/otp.repository.js'
