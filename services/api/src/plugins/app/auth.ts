import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { hashToken, sessionsRepo } from '@bookstrut/accounts'
import { assertNotBlocked, assertSelfOrAdmin, unauthorized, type DbOrTx } from '@bookstrut/core'
import type { Auth } from '../../types.js'

/** The session token of a request: `Authorization: Bearer <token>`, or the spec's `token` header. */
export function tokenOf(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined
  const token = req.headers.token
  return typeof token === 'string' && token.trim() ? token.trim() : undefined
}

/**
 * Resolves the caller of every request from its token (req.auth, null when anonymous or the token is not live).
 * Routes that need a user call `requireAuth`; public routes may look at req.auth to show owners more.
 */
export const authPlugin = fp(async (app) => {
  app.decorateRequest('auth', null)
  app.addHook('onRequest', async (req) => {
    const token = tokenOf(req)
    if (!token) return
    const found = await sessionsRepo.findLiveSession(app.db, hashToken(token), app.clock.now())
    req.auth = found ? { ...found, token } : null
  })
})

/**
 * For a public call about one account: when the request carries an ended session of that very account, answer
 * 401 (the owner's client must learn its session ended) instead of the public view. Others stay anonymous.
 */
export async function refuseOwnEndedSession(req: FastifyRequest, db: DbOrTx, userId: string) {
  const token = tokenOf(req)
  if (req.auth || !token) return
  if ((await sessionsRepo.findSessionOwner(db, hashToken(token))) === userId)
    throw unauthorized('Your LogIn Session Expired.')
}

/** The caller, or 401 when the request carries no live session. */
export function requireAuth(req: FastifyRequest): Auth {
  if (!req.auth) throw unauthorized()
  return req.auth
}

/** A write on behalf of `userId`: signed in, that user (or an admin), and not blocked. */
export function requireOwnWrite(req: FastifyRequest, userId: string): Auth {
  const auth = requireAuth(req)
  assertSelfOrAdmin(auth.user, userId)
  assertNotBlocked(auth.user)
  return auth
}
