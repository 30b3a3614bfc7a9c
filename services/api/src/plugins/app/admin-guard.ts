import type { FastifyRequest } from 'fastify'
import type { AdminActor } from '@bookstrut/core'
import { requireAuth } from './auth.js'
import { adminOnly } from './route-access.js'
import type { RateLimits } from './rate-limits.js'

/**
 * The preHandlers of every admin call: 401 without a session, 403 unless an admin, then one hit on the admin's
 * per-account limit (429 past it). Checks that cost nothing come before any query of the handler's.
 */
export const adminGuard = (limits: RateLimits) => [
  adminOnly,
  async (req: FastifyRequest) => {
    await limits.consume('adminPerAccount', requireAuth(req).user.id)
  },
]

/** Who acts: the signed-in admin, and the request (its id ties an audit entry to the server's log lines). */
export const actorOf = (req: FastifyRequest): AdminActor => {
  const { user } = requireAuth(req)
  return { id: user.id, email: user.email, requestId: req.id }
}
