import type { FastifyRequest } from 'fastify'
import { requireAuth } from './auth.js'
import type { LimitName, RateLimits } from './rate-limits.js'

/**
 * A route `preHandler` that counts the request against the caller's own bucket of `limit` (429 past it). Route
 * hooks run after the access hook, so the caller is one the route's policy let through, and a refused caller costs
 * no Redis call.
 */
export const limitPerAccount = (limits: RateLimits, limit: LimitName) => async (req: FastifyRequest) => {
  await limits.consume(limit, requireAuth(req).user.id)
}
