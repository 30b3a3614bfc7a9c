import type { FastifyRequest } from 'fastify'
import { assertAdmin } from '@bookstrut/core'
import { requireAuth } from './auth.js'

/*
 * Who may call a route, declared in its options (`preHandler: signedIn`). As a preHandler it runs after the
 * schema, as the handlers' own checks did: a malformed request is a 400 before it is a 401. Handlers still read
 * the caller with `requireAuth` (typed), and check what depends on the request (whose data it is) themselves.
 */

/** 401 without a live session. */
export async function signedIn(req: FastifyRequest) {
  requireAuth(req)
}

/** 401 without a live session, 403 unless the caller is an admin. */
export async function adminOnly(req: FastifyRequest) {
  assertAdmin(requireAuth(req).user)
}
