import { createHash, randomBytes, randomInt } from 'node:crypto'

/** A session token: 32 random bytes. Only its hash is stored, so a database leak exposes no usable token. */
export const newSessionToken = () => randomBytes(32).toString('base64url')

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** A 4-digit code without a leading zero, because the spec's client sends it as a number. */
export const newOtpCode = () => String(randomInt(1000, 10000))

/**
 * Codes are hashed with their row id as salt. Four digits are no secret against an offline search;
 * what protects a code is its 10-minute life and the 5-try limit, the hash only keeps it out of plain sight.
 */
export const hashOtp = (otpId: string, code: string) =>
  createHash('sha256').update(`${otpId}:${code}`).digest('hex')
