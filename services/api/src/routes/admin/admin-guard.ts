import type { FastifyRequest } from 'fastify'
import { requireAuth } from '../../plugins/app/auth.js'
import { adminOnly } from '../../plugins/app/route-access.js'
import type { RateLimits } from '../../plugins/app/rate-limits.js'

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
