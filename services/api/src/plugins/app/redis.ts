import fp from 'fastify-plugin'
import { createQueues, createRedis } from '@bookstrut/core'
import { createRateLimits } from './rate-limits.js'

/** The producer-side Redis connection, the typed queues and the Redis-backed rate limits. */
export const redisPlugin = fp(async (app) => {
  const redis = createRedis(app.config.redis.url, 'producer')
  redis.on('error', (err) => app.log.warn({ err }, 'redis connection error'))
  await redis.connect()
  app.decorate('redis', redis)
  app.decorate('queues', createQueues(redis, app.config.redis.prefix))
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
