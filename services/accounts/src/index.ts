/*
 * @bookstrut/accounts: who a user is and how they prove it — the users, sessions, one-time codes and password
 * resets repositories, password hashing (with its fair gate), session and code tokens, and the OTP mail.
 * The access policy (who may do what) is still in @bookstrut/core/access and joins this package later.
 */
export * as usersRepo from './db/users.repository.js'
export * as sessionsRepo from './db/sessions.repository.js'
export * as otpRepo from './db/otp.repository.js'
export * as passwordResetsRepo from './db/password-resets.repository.js'
export * from './identity/mailbox.js'
export * from './auth/passwords.js'
export * from './auth/tokens.js'
export * from './mail/otp-mail.js'
export * from './sign-in/usual-addresses.js'
export * from './sign-in/password-guessing.js'
export * from './sign-in/current-password.js'
