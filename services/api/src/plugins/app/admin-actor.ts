import type { FastifyRequest } from 'fastify'
import type { AdminActor } from '@bookstrut/core'
import { requireAuth } from './auth.js'

/**
 * Who acts in an admin write: the signed-in admin, and the request (its id ties an audit entry to the server's log
 * lines). Who may call an admin route is the route's access policy (`config: { access: access.admin() }`), decided
 * in plugins/app/access.ts before the route's hooks; this only names the caller it let through.
 */
export const actorOf = (req: FastifyRequest): AdminActor => {
  const { user } = requireAuth(req)
  return { id: user.id, email: user.email, requestId: req.id }
}
