import fp from 'fastify-plugin'
import { createQueues, createRedis, RedisOutages } from '@bookstrut/core'
import { createRateLimits } from './rate-limits.js'

/**
 * The producer-side Redis connection, the typed queues and the Redis-backed rate limits, and the process's Redis
 * outage log (one structured line per outage; the workers of the one-process default share it).
 */
export const redisPlugin = fp(async (app) => {
  const redis = createRedis(app.config.redis.url, 'producer')
  const outages = new RedisOutages(app.log)
  outages.watchConnection('api', redis)
  await redis.connect()
  app.decorate('redis', redis)
  app.decorate('redisOutages', outages)
  app.decorate('queues', createQueues(redis, app.config.redis.prefix, app.log))
  const search = app.config.search.rateLimit
  app.decorate(
    'limits',
    createRateLimits(redis, app.config.redis.prefix, {
      searchPerIp: search.anonPerMinute,
      searchPerAccount: search.userPerMinute,
    }),
  )
  app.addHook('onClose', async () => {
    await app.queues.close()
    await redis.quit()
  })
})
