import type { AddressOrigin } from './usual-addresses.js'

/**
 * The limits a sign-in spends against password guessing (the api's rate limits,
 * services/api/src/plugins/app/rate-limits.ts, which hold their sizes).
 */
export type PasswordGuessLimitName =
  | 'passwordChecksPerAccountFromNewAddresses'
  | 'passwordChecksPerAccountFromUsualAddresses'
  | 'loginFailuresPerAccount'
  | 'loginFailuresPerAccountPerDay'

export interface PasswordGuessLimits {
  /** Counts one hit, atomically in Redis; throws 429 (with Retry-After) when the limit is already used up. */
  consume(name: PasswordGuessLimitName, key: string): Promise<void>
  /** Throws 429 when the limit is used up, without counting. */
  check(name: PasswordGuessLimitName, key: string): Promise<void>
  /** Counts one hit and never refuses. */
  count(name: PasswordGuessLimitName, key: string): Promise<number>
  used(name: PasswordGuessLimitName, key: string): Promise<number>
  reset(name: PasswordGuessLimitName, key: string): Promise<void>
}

/**
 * How long a password check waits, by the failed sign-ins to the account from the same kind of address (usual or
 * new) in the last 15 minutes: the first three are free (typos), then 250 ms doubling, at most 3 s.
 */
export const loginDelayMs = (failures: number) =>
  failures < 3 ? 0 : Math.min(3000, 250 * 2 ** (failures - 3))

/** Failures are counted per account and kind of address: a stranger's failures never slow the owner at home. */
const failureKey = (email: string, origin: AddressOrigin) => `${email}|${origin}`

const checksFrom = (origin: AddressOrigin): PasswordGuessLimitName =>
  origin === 'usual'
    ? 'passwordChecksPerAccountFromUsualAddresses'
    : 'passwordChecksPerAccountFromNewAddresses'

/**
 * Admits one password check for the account `email` (NIST SP 800-63B 5.2.2, issue 45), before scrypt runs, or
 * throws 429. Spraying from many addresses with parallel clients took 65 wrong passwords a minute because the
 * only per-account brake was a delay read before each attempt: parallel attempts all read the same count. Now:
 *
 * - each check first takes one point of a per-account budget (10 a minute) with one atomic Redis call, so
 *   parallel requests cannot pass together; the rest are refused without hashing;
 * - the account's usual addresses (its networks of recent sign-ins: usual-addresses.ts) have a budget of their
 *   own, so strangers using theirs up never lock the owner out at home; the reset path is not touched either;
 * - after 100 failures in a day from new addresses, new addresses are refused for the day (NIST's cap on
 *   consecutive failures), again not the usual ones;
 * - and the admitted check waits the growing delay of loginDelayMs (answered, for the caller to sleep: a timer,
 *   no hashing slot, no connection).
 */
export async function admitPasswordCheck(
  limits: PasswordGuessLimits,
  email: string,
  origin: AddressOrigin,
): Promise<{ delayMs: number }> {
  if (origin === 'new') await limits.check('loginFailuresPerAccountPerDay', email)
  await limits.consume(checksFrom(origin), email)
  return { delayMs: loginDelayMs(await limits.used('loginFailuresPerAccount', failureKey(email, origin))) }
}

/** A wrong password (or an unknown account) after an admitted check: counted for the delay and the daily cap. */
export async function recordFailedPassword(
  limits: PasswordGuessLimits,
  email: string,
  origin: AddressOrigin,
): Promise<void> {
  await Promise.all([
    limits.count('loginFailuresPerAccount', failureKey(email, origin)),
    origin === 'new' ? limits.count('loginFailuresPerAccountPerDay', email) : null,
  ])
}

/**
 * A right password: the failures of that kind of address are forgotten (the owner's typos stop slowing them).
 * A right password from a new address also clears the daily cap of new addresses: whoever typed it holds it.
 */
export async function recordRightPassword(
  limits: PasswordGuessLimits,
  email: string,
  origin: AddressOrigin,
): Promise<void> {
  await Promise.all([
    limits.reset('loginFailuresPerAccount', failureKey(email, origin)),
    origin === 'new' ? limits.reset('loginFailuresPerAccountPerDay', email) : null,
  ])
}
