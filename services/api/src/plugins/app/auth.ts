import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { hashToken, sessionsRepo } from '@bookstrut/accounts'
import { unauthorized, type DbOrTx } from '@bookstrut/core'
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
 * Who may call a route is its declared access policy (plugins/app/access.ts); handlers read the caller the policy let
 * through with `requireAuth`, and public routes may look at req.auth to show owners more.
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

/** The caller (typed), or 401 when the request carries no live session (the policy of a signed-in route has said so). */
export function requireAuth(req: FastifyRequest): Auth {
  if (!req.auth) throw unauthorized()
  return req.auth
}
