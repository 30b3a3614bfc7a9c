import type { FastifyRequest } from 'fastify'
import { Value } from '@sinclair/typebox/value'
import { AnonymousId } from '@bookstrut/schemas'

/** The name of the header a browser sends its anonymous id in (analytics of visitors who are not signed in). */
export const ANONYMOUS_ID_HEADER = 'x-anonymous-id'

/** The request's anonymous id (`X-Anonymous-Id`), when it is a well-formed one; a malformed header is ignored. */
export function anonymousIdOf(req: FastifyRequest): string | undefined {
  const value = req.headers[ANONYMOUS_ID_HEADER]
  return typeof value === 'string' && Value.Check(AnonymousId, value) ? value : undefined
}
