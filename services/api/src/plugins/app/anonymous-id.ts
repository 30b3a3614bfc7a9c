import { randomBytes } from 'node:crypto'
import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import type { Redis } from 'ioredis'
import { visitorId, visitorNetwork } from '@bookstrut/analytics'
import type { Clock } from '@bookstrut/core'

/** How long a day's salt is kept: its day and the next (events of a request near midnight), then forgotten. */
const SALT_TTL_SECONDS = 2 * 86_400

/**
 * The server-issued identity of a visitor who is not signed in (core analytics/visitor-identity.ts): the day's
 * salted hash of the address and User-Agent. The salt is random, one per UTC day shared by every api process through
 * Redis (the first process to need it makes it), kept in memory for the day and gone from Redis after two days.
 */
export interface Visitors {
  idOf(req: Pick<FastifyRequest, 'ip' | 'headers'>): Promise<string>
  /** the day's keyed hash of the request's network (/24, /48), for signed-in and anonymous events alike */
  networkOf(req: Pick<FastifyRequest, 'ip'>): Promise<string>
}

export function createVisitors(redis: Redis, prefix: string, clock: Clock): Visitors {
  let cached: { day: string; salt: string } | null = null
  async function saltOf(day: string): Promise<string> {
    if (cached?.day === day) return cached.salt
    const key = `${prefix}:visitor-salt:${day}`
    await redis.set(key, randomBytes(32).toString('hex'), 'EX', SALT_TTL_SECONDS, 'NX')
    const salt = await redis.get(key)
    if (!salt) throw new Error('visitor salt vanished from Redis')
    cached = { day, salt }
    return salt
  }
  const today = () => clock.now().toISOString().slice(0, 10)
  return {
    async idOf(req) {
      return visitorId(await saltOf(today()), req.ip, req.headers['user-agent'])
    },
    async networkOf(req) {
      return visitorNetwork(await saltOf(today()), req.ip)
    },
  }
}

/** Decorates the app with `visitors`; needs the redis plugin. */
export const visitorsPlugin = fp(async (app) => {
  app.decorate('visitors', createVisitors(app.redis, app.config.redis.prefix, app.clock))
})

/** The anonymous reader a request stands for (never what the client says it is). */
export const anonymousIdOf = (req: FastifyRequest): Promise<string> => req.server.visitors.idOf(req)

/** The network a request came from, as the Top 20 caps places (visitor-identity.ts visitorNetwork). */
export const networkOfRequest = (req: FastifyRequest): Promise<string> => req.server.visitors.networkOf(req)
