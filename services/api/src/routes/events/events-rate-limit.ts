import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible'
import type { Redis } from 'ioredis'
import type { EventLimits } from '@bookstrut/analytics'
import { addressKey, tooManyRequests, type Config } from '@bookstrut/core'

/**
 * Tracked events a minute, counted in Redis by every api process: per account when signed in
 * (EVENTS_RATE_LIMIT_USER), else per IP address (EVENTS_RATE_LIMIT_ANON; the address is only this key, never
 * stored with an event). A batch costs one point per event, so batching gains nothing; past the limit the whole
 * request is refused (429 with Retry-After) and none of it is queued. Anonymous ids are not the key: a flooder
 * would make new ones.
 */
export function createEventLimits(redis: Redis, config: Readonly<Config>): EventLimits {
  const limiter = (name: string, points: number) =>
    new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${config.redis.prefix}:rl:${name}`,
      points,
      duration: 60,
      useRedisPackage: false,
    })
  const perIp = limiter('eventsPerIp', config.analytics.rateLimit.anonPerMinute)
  const perAccount = limiter('eventsPerAccount', config.analytics.rateLimit.userPerMinute)
  return {
    async consume(caller, events) {
      const [bucket, key] = 'userId' in caller ? [perAccount, caller.userId] : [perIp, addressKey(caller.ip)]
      try {
        await bucket.consume(key, events)
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err
        const seconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000))
        throw tooManyRequests(`Too many events. Please try again in ${seconds} seconds.`, seconds)
      }
    },
  }
}

export const EVENTS_RATE_LIMIT_NOTE =
  'Rate-limited per minute, one point per event: per account when signed in (EVENTS_RATE_LIMIT_USER), else per IP ' +
  'address (EVENTS_RATE_LIMIT_ANON); past it 429 RATE_LIMITED with Retry-After and nothing of the request is queued.'
