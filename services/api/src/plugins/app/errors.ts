import fp from 'fastify-plugin'
import type { FastifyError, FastifyReply } from 'fastify'
import { AppError, isRedisConnectionError, redisUnavailable } from '@bookstrut/core'

interface ValidationIssue {
  keyword: string
  instancePath: string
  message?: string
  params: Record<string, unknown>
}

/** Ajv's "must NOT have additional properties" names no field; ours names it and says what to do. */
const UNKNOWN_FIELD = 'is not a field of this request; remove it'

/** The failing field's dotted path: a missing or unknown property is named by its parent's path plus its name. */
const fieldOf = (issue: ValidationIssue) => {
  const { missingProperty, additionalProperty } = issue.params
  const named = missingProperty ?? additionalProperty
  const child = typeof named === 'string' ? `/${named}` : ''
  return (issue.instancePath + child).replace(/^\//, '').replaceAll('/', '.')
}

/** "field: reason" for schema failures, or the spec's own message where the schema carries one. */
export function describeValidation(
  issues: ValidationIssue[],
  context: string | undefined,
): { message: string; errors: Array<{ field: string; message: string }> } {
  const errors = issues.map((issue) => {
    const field = fieldOf(issue) || (context ?? 'body')
    const reason = issue.keyword === 'additionalProperties' ? UNKNOWN_FIELD : (issue.message ?? 'is invalid')
    // ajv-errors marks our own (spec) messages with the errorMessage keyword: they read well alone.
    return { field, message: issue.keyword === 'errorMessage' ? reason : `${field}: ${reason}` }
  })
  return { message: errors[0]?.message ?? 'Invalid request', errors }
}

/**
 * One error handler for the whole API: AppErrors keep their status and code, schema failures become a 400
 * with a readable message, other client errors keep their status, Redis being down is a 503 with Retry-After,
 * anything else is logged and answered 500.
 * Every answer is the `{ success: false, code, message, data }` envelope.
 */
export const errorsPlugin = fp(async (app) => {
  const sendAppError = (reply: FastifyReply, err: AppError) => {
    if ((err.status === 429 || err.status === 503) && typeof err.data?.retryAfter === 'number')
      reply.header('retry-after', err.data.retryAfter)
    return reply
      .code(err.status)
      .send({ success: false, code: err.code, message: err.message, data: err.data })
  }
  const redisIsDown = (err: unknown) =>
    isRedisConnectionError(err) || (app.hasDecorator('redis') && app.redis.status !== 'ready')

  app.setErrorHandler(async (err: FastifyError, req, reply) => {
    if (err instanceof AppError) return sendAppError(reply, err)
    if (err.validation) {
      const { message, errors } = describeValidation(err.validation, err.validationContext)
      return reply.code(400).send({ success: false, code: 'VALIDATION', message, data: { errors } })
    }
    const status = err.statusCode ?? 500
    if (status >= 400 && status < 500) {
      const code =
        status === 401
          ? 'UNAUTHORIZED'
          : status === 404
            ? 'NOT_FOUND'
            : status === 429
              ? 'RATE_LIMITED'
              : 'VALIDATION'
      return reply.code(status).send({ success: false, code, message: err.message, data: null })
    }
    // Redis down (a queue, a counter, a cache): 503 with Retry-After, not logged per request (the outage is logged
    // once by RedisOutages).
    if (redisIsDown(err)) return sendAppError(reply, redisUnavailable())
    req.log.error({ err }, 'unhandled error')
    return reply
      .code(500)
      .send({ success: false, code: 'INTERNAL', message: 'Something went wrong', data: null })
  })
})
