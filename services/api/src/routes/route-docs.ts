import { ErrorEnvelope } from '@bookstrut/schemas'

/** The error answers every route may give, for the OpenAPI document and serialization. */
export const errorResponses = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  409: ErrorEnvelope,
  // A body over the JSON limit (1 MB) or a form over its limits (size, parts, field length).
  413: ErrorEnvelope,
  429: ErrorEnvelope,
  // Redis (queues, rate limits) does not answer for a moment: SERVICE_UNAVAILABLE with Retry-After.
  503: ErrorEnvelope,
}

/** Routes that need a session token. */
export const secured: Array<Record<string, string[]>> = [{ bearer: [] }, { tokenHeader: [] }]

/**
 * Spread into a route's schema whose body may be left out entirely (the server reads none as `{}`): @fastify/swagger
 * marks every body as required, and the swagger plugin turns this mark into `requestBody.required: false`.
 */
export const OPTIONAL_BODY = 'x-optional-body'
export const optionalBody = { [OPTIONAL_BODY]: true }
