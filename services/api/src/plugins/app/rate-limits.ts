import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible'
import type { Redis } from 'ioredis'
import { tooManyRequests } from '@bookstrut/core'

const MINUTE = 60

/**
 * Counters in Redis, shared by every api process. Login counts every attempt per IP and failed attempts per
 * account (cleared by a success); OTP mails count per IP and per address, on top of the resend cooldowns.
 */
export const LIMITS = {
  loginPerIp: { points: 30, duration: 15 * MINUTE },
  loginFailuresPerAccount: { points: 5, duration: 15 * MINUTE },
  otpPerIp: { points: 10, duration: 60 * MINUTE },
  otpPerAccount: { points: 6, duration: 60 * MINUTE },
} as const

export type LimitName = keyof typeof LIMITS

export interface RateLimits {
  /** Counts one hit; throws 429 when the limit is already used up. */
  consume(name: LimitName, key: string): Promise<void>
  /** Throws 429 when the limit is used up, without counting. */
  check(name: LimitName, key: string): Promise<void>
  reset(name: LimitName, key: string): Promise<void>
}

const limited = (res: RateLimiterRes) => {
  const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000))
  const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`
  return tooManyRequests(`Too many attempts. Please try again in ${wait}.`, seconds)
}

export function createRateLimits(redis: Redis, prefix: string): RateLimits {
  const limiters = Object.fromEntries(
    Object.entries(LIMITS).map(([name, l]) => [
      name,
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${prefix}:rl:${name}`,
        points: l.points,
        duration: l.duration,
        useRedisPackage: false,
      }),
    ]),
  ) as Record<LimitName, RateLimiterRedis>

  return {
    async consume(name, key) {
      try {
        await limiters[name].consume(key.toLowerCase())
      } catch (err) {
        if (err instanceof RateLimiterRes) throw limited(err)
        throw err
      }
    },
    async check(name, key) {
      const res = await limiters[name].get(key.toLowerCase())
      if (res && res.remainingPoints <= 0) throw limited(res)
    },
    async reset(name, key) {
      await limiters[name].delete(key.toLowerCase())
    },
  }
}
