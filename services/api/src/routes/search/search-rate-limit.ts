import type { FastifyRequest } from 'fastify'
import { addressKey } from '@bookstrut/core'
import type { RateLimits } from '../../plugins/app/rate-limits.js'

/**
 * An `onRequest` hook for both search routes: one bucket per signed-in account (SEARCH_RATE_LIMIT_USER a
 * minute), else one per IP address (SEARCH_RATE_LIMIT_ANON). Idea and keyword searches share it, so switching
 * modes gains nothing. It runs before validation and before any embedding or SQL, so a flood costs one Redis
 * call per request; an answer past the limit is 429 RATE_LIMITED with Retry-After.
 */
export function limitSearches(limits: RateLimits) {
  return async (req: FastifyRequest): Promise<void> => {
    if (req.auth) await limits.consume('searchPerAccount', req.auth.user.id)
    else await limits.consume('searchPerIp', addressKey(req.ip))
  }
}

/** For the routes' OpenAPI descriptions. */
export const RATE_LIMIT_NOTE =
  'Rate-limited per minute: per account when signed in (SEARCH_RATE_LIMIT_USER), else per IP address ' +
  '(SEARCH_RATE_LIMIT_ANON), idea and keyword searches counted together; past it 429 RATE_LIMITED with Retry-After.'
