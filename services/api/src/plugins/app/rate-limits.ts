import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible'
import type { Redis } from 'ioredis'
import { isRedisConnectionError, redisUnavailable, tooManyRequests, type Limits } from '@bookstrut/core'
import { currentRender } from '../../ssr/render-calls.js'

const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * Counters in Redis, shared by every api process. Login counts every attempt per IP, password checks per account
 * (usual and new addresses apart), and failed attempts per account and IP (that pair is locked) and per account
 * (slowed: see loginDelayMs; new addresses refused past a daily cap). Codes count mails per IP and per address
 * and wrong tries per address and per IP, per day, on top of the resend cooldowns; reset codes count the
 * account's usual addresses apart from new ones (@bookstrut/accounts, sign-in/usual-addresses.ts). The
 * password endpoints that hash count per IP (sign-up, reset) or per account (change). Per-IP keys are
 * `addressKey(req.ip)` (@bookstrut/core): an IPv6 address counts by its /64.
 */
export const LIMITS = {
  loginPerIp: { points: 30, duration: 15 * MINUTE },
  loginFailuresPerAccountIp: { points: 5, duration: 15 * MINUTE },
  // Password checks per account (issue 45, @bookstrut/accounts password-guessing.ts), taken atomically before
  // scrypt runs: from new addresses all together, and apart from the account's usual addresses (the owner's own).
  passwordChecksPerAccountFromNewAddresses: { points: 10, duration: MINUTE },
  passwordChecksPerAccountFromUsualAddresses: { points: 10, duration: MINUTE },
  // Only counted (never refuses), per account and kind of address: how slow the next sign-in to this account is.
  loginFailuresPerAccount: { points: 1_000_000, duration: 15 * MINUTE },
  // Failures from new addresses per account per day: past 100 (NIST SP 800-63B 5.2.2) new addresses are refused.
  loginFailuresPerAccountPerDay: { points: 100, duration: DAY },
  otpPerIp: { points: 10, duration: HOUR },
  otpPerIpPerDay: { points: 30, duration: DAY },
  // Codes mailed per account: sign-up codes, and reset codes asked for from the account's usual addresses...
  otpPerAccount: { points: 5, duration: DAY },
  // ...and, apart, reset codes asked for from any other address: a stranger cannot use up the owner's codes.
  resetCodesPerAccountFromNewAddresses: { points: 3, duration: DAY },
  // Wrong sign-up codes per account.
  otpFailuresPerAccount: { points: 10, duration: DAY },
  // Wrong reset codes: per account and address (that pair is refused, as sign-in locks the pair), per account from
  // its usual addresses, and per account from all other addresses together. A stranger using up the last bucket
  // leaves the owner's own tries untouched; together the two buckets keep guessing at 10 tries a day (SECURITY.md).
  resetFailuresPerAccountAndIp: { points: 3, duration: DAY },
  resetFailuresPerAccountFromUsualAddresses: { points: 5, duration: DAY },
  resetFailuresPerAccountFromNewAddresses: { points: 5, duration: DAY },
  otpFailuresPerIp: { points: 30, duration: DAY },
  signUpPerIp: { points: 20, duration: HOUR },
  passwordResetPerIp: { points: 20, duration: HOUR },
  passwordChangePerAccount: { points: 10, duration: HOUR },
  // Wrong current passwords given with a password change, per account: a stolen session cannot guess through it.
  currentPasswordFailuresPerAccount: { points: 5, duration: 15 * MINUTE },
  // Searches, both modes in one bucket: the points are SEARCH_RATE_LIMIT_ANON / _USER (see createRateLimits).
  searchPerIp: { points: 60, duration: MINUTE },
  searchPerAccount: { points: 240, duration: MINUTE },
  // Payments: starting and confirming card payments (each may call Stripe), and price quotes (SQL only).
  paymentsPerAccount: { points: 30, duration: HOUR },
  planQuotesPerAccount: { points: 120, duration: HOUR },
  // Saved-search writes (save, edit, delete, clear: one bucket), per account: a reader saves a search per search.
  searchHistoryWritesPerAccount: { points: 120, duration: HOUR },
  // Profile updates that carry an image (profile or banner), per account: each costs a decode and re-encode.
  profileImageUploadsPerAccount: { points: 20, duration: HOUR },
  // Likes and favourites (add and remove, one bucket): generous for a reader, not for a script.
  reactionsPerAccount: { points: 120, duration: MINUTE },
  // "Found it" (confirm and take back, one bucket): a reader confirms a few books a day; per address as well, so
  // many accounts behind one address share one budget (the agreement rule counts them as one place anyway).
  foundItPerAccount: { points: 30, duration: HOUR },
  foundItPerIp: { points: 60, duration: HOUR },
  // A reader's library (issue 49): shelving, unshelving and undoing an import (one bucket), reading one's shelves and
  // imports (another), and starting imports (each reads a file of up to 8 MB and stages up to 20,000 rows).
  shelfWritesPerAccount: { points: 120, duration: MINUTE },
  shelfReadsPerAccount: { points: 600, duration: MINUTE },
  libraryImportsPerAccount: { points: 10, duration: HOUR },
  // Author analytics (both calls, one bucket): a panel refreshing every few seconds, not a scraper.
  insightsPerAccount: { points: 120, duration: MINUTE },
  // Author pages (GET /author/books), public: per account when signed in, else per IP address.
  authorPagesPerIp: { points: 60, duration: MINUTE },
  authorPagesPerAccount: { points: 120, duration: MINUTE },
  // Contact messages (each is stored and mailed to support): a person writes a few, a script is cut off.
  contactPerIp: { points: 5, duration: HOUR },
  contactPerIpPerDay: { points: 20, duration: DAY },
  // ...and for the whole site (key 'site'): many addresses together cannot flood support's inbox (issue 45).
  contactSiteWide: { points: 60, duration: HOUR },
  // Admin content writes (FAQ, blog, pages, settings; each rewrites the snapshots): an editor's pace, not a loop.
  contentWritesPerAccount: { points: 60, duration: MINUTE },
  // The admin console, every admin call in one bucket: a busy admin clicks far less; a leaked token scripted does not.
  adminPerAccount: { points: 300, duration: MINUTE },
  // The audit log's CSV export (up to 10,000 rows a file).
  adminExportsPerAccount: { points: 10, duration: MINUTE },
  // Topic pages (GET /topics, /topics/{slug}), public reads of a few rows: a reader browsing, not a scraper.
  topicPagesPerIp: { points: 120, duration: MINUTE },
  // Server renders of pages (cache misses only), per IP; past it the visitor gets the app shell (docs/seo.md).
  pageRendersPerIp: { points: 120, duration: MINUTE },
  // The data calls of those renders, per visitor IP: the render's own budget (issue 45). A render's calls spend no
  // other limit (see createRateLimits), so a visitor who used up an API limit cannot make a render miss its data;
  // past this one the visitor's renders miss data and are sent uncached.
  pageRenderReadsPerIp: { points: 600, duration: MINUTE },
} as const

export type LimitName = keyof typeof LIMITS

/**
 * While Redis does not answer, a limit cannot be counted. Public reads (searches) are let through uncounted: a
 * reader loses nothing and a flood of reads costs what one search costs. Every other limit guards a write, a
 * sign-in, a code, a hash or an account's data, and refuses with 503 and Retry-After (fails closed), so an outage
 * never opens a door to guessing or floods.
 */
export const OPEN_WHEN_REDIS_IS_DOWN: ReadonlySet<LimitName> = new Set([
  'searchPerIp',
  'searchPerAccount',
  'pageRendersPerIp',
  'pageRenderReadsPerIp',
  'topicPagesPerIp',
])

/** Points set by configuration instead of LIMITS (the search limits), by limit name. */
export type LimitPoints = Partial<Record<LimitName, number>>

/** The Redis limiter; it is the use cases' `Limits` (core's Deps), with the names typed as the limits above. */
export interface RateLimits extends Limits {
  /** Counts one hit; throws 429 when the limit is already used up. */
  consume(name: LimitName, key: string): Promise<void>
  /** Throws 429 when the limit is used up, without counting. */
  check(name: LimitName, key: string): Promise<void>
  reset(name: LimitName, key: string): Promise<void>
  /**
   * Counts one hit and never refuses; answers the hits left in the window (none once the limit is reached;
   * Infinity when Redis is down and the limit fails open).
   */
  count(name: LimitName, key: string): Promise<number>
  /** The hits counted in the window so far, without counting (0 when none). */
  used(name: LimitName, key: string): Promise<number>
}

const limited = (res: RateLimiterRes) => {
  const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000))
  const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`
  return tooManyRequests(`Too many attempts. Please try again in ${wait}.`, seconds)
}

/**
 * A server render's own data calls (ssr/render-calls.ts: known from the async context, which no client can
 * forge) neither spend nor check any limit here: they have their budget apart (pageRendersPerIp per render,
 * pageRenderReadsPerIp per call, spent by the renderer outside the render), so a visitor who used up a limit
 * cannot make a page render without its data, and that empty copy be served to everyone (issue 45).
 */
export function createRateLimits(redis: Redis, prefix: string, points: LimitPoints = {}): RateLimits {
  const limiters = Object.fromEntries(
    Object.entries(LIMITS).map(([name, l]) => [
      name,
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${prefix}:rl:${name}`,
        points: points[name as LimitName] ?? l.points,
        duration: l.duration,
        useRedisPackage: false,
      }),
    ]),
  ) as Record<LimitName, RateLimiterRedis>

  /**
   * Runs one limiter call, or applies OPEN_WHEN_REDIS_IS_DOWN when Redis is not connected (answered at once, not
   * after the connection's retries) or the call fails for want of it.
   */
  async function guarded<T>(name: LimitName, call: () => Promise<T>, whenOpen: T): Promise<T> {
    const redisDown = () => {
      if (OPEN_WHEN_REDIS_IS_DOWN.has(name)) return whenOpen
      throw redisUnavailable()
    }
    if (redis.status !== 'ready') return redisDown()
    try {
      return await call()
    } catch (err) {
      if (err instanceof RateLimiterRes) throw limited(err)
      if (isRedisConnectionError(err)) return redisDown()
      throw err
    }
  }

  return {
    async consume(name, key) {
      if (currentRender()) return
      await guarded(name, () => limiters[name].consume(key.toLowerCase()), undefined)
    },
    async check(name, key) {
      if (currentRender()) return
      const res = await guarded(name, () => limiters[name].get(key.toLowerCase()), null)
      if (res && res.remainingPoints <= 0) throw limited(res)
    },
    async reset(name, key) {
      await guarded(name, () => limiters[name].delete(key.toLowerCase()), false)
    },
    async count(name, key) {
      const res = await guarded(name, () => limiters[name].penalty(key.toLowerCase(), 1), null)
      return res ? Math.max(0, res.remainingPoints) : Infinity
    },
    async used(name, key) {
      const res = await guarded(name, () => limiters[name].get(key.toLowerCase()), null)
      return res?.consumedPoints ?? 0
    },
  }
}
