import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { sql } from 'kysely'
import { access, REDIS_RETRY_AFTER_SECONDS } from '@bookstrut/core'
import { Envelope, ErrorEnvelope, Health } from '@bookstrut/schemas'

/** Reports whether Postgres and Redis answer; 503 with Retry-After when either does not. */
export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['ops'],
        summary: 'Liveness of the API and its stores',
        response: { 200: Envelope(Health), 503: Envelope(Health), 500: ErrorEnvelope },
      },
      config: { access: access.public() },
    },
    async (_req, reply) => {
      const [db, redis] = await Promise.all([
        sql`select 1`.execute(app.db).then(
          () => 'up' as const,
          () => 'down' as const,
        ),
        app.redis.ping().then(
          (p) => (p === 'PONG' ? ('up' as const) : ('down' as const)),
          () => 'down' as const,
        ),
      ])
      const healthy = db === 'up' && redis === 'up'
      if (!healthy) reply.header('retry-after', REDIS_RETRY_AFTER_SECONDS)
      return reply.code(healthy ? 200 : 503).send({
        success: healthy,
        message: healthy ? 'OK' : 'Degraded',
        data: { db, redis, version: app.config.version },
      })
    },
  )
}
