import type { FastifyRequest } from 'fastify'
import { addressKey } from '@bookstrut/core'
import type { RateLimits } from '../../plugins/app/rate-limits.js'

/**
 * An `onRequest` hook: one bucket per signed-in account, else one per IP address, counted before the query
 * string is validated or any SQL runs, so a flood costs one Redis call a request (429 with Retry-After).
 */
export function limitAuthorPages(limits: RateLimits) {
  return async (req: FastifyRequest): Promise<void> => {
    if (req.auth) await limits.consume('authorPagesPerAccount', req.auth.user.id)
    else await limits.consume('authorPagesPerIp', addressKey(req.ip))
  }
}
