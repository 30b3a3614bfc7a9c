import type { TSchema } from '@sinclair/typebox'
import { Envelope, ErrorEnvelope } from '@bookstrut/schemas'
import { signedInRule, type RoutePolicy } from '@bookstrut/core'

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

/** What a request carries, each part validated by its schema, and how it may be sent. */
export interface RequestSchemas {
  body?: TSchema
  querystring?: TSchema
  params?: TSchema
  headers?: TSchema
  /** content types besides JSON, e.g. `['multipart/form-data']` */
  consumes?: string[]
  /** the body may be left out entirely (`optionalBody` above) */
  [OPTIONAL_BODY]?: boolean
}

export interface RouteDeclaration<Request extends RequestSchemas, Answers extends Record<number, object>> {
  summary: string
  description?: string
  /** Who may call it. A policy that needs a session also documents the session token (OpenAPI `security`). */
  access: RoutePolicy
  request?: Request
  /** The route's own answers by status, e.g. `{ 200: Envelope(Book) }` (a schema, or a
   * media description such as a CSV file); the common errors are added to them. */
  response: Answers
  /** Tags instead of the file's, e.g. `[...tags, 'admin']`. */
  tags?: string[]
}

/** Needs a live session: the route documents the session token, and only such a route does (route-policies.test.ts). */
const needsSession = (policy: RoutePolicy) => policy.rules.includes(signedInRule)

/**
 * A route file's declarer: `declare({ summary, access, request, response })` gives a route's Fastify options —
 * its OpenAPI documentation under the file's `tags`, its schemas with the common error answers above,
 * the session token where the access policy needs a session, and the policy in `config.access`. Hooks (rate limits,
 * multipart reading) go beside it: `{ ...declare({ … }), preHandler }`.
 */
export const declarer =
  (tags: string[]) =>
  <Request extends RequestSchemas = Record<never, never>, Answers extends Record<number, object> = never>(
    route: RouteDeclaration<Request, Answers>,
  ) => ({
    schema: {
      tags: route.tags ?? tags,
      summary: route.summary,
      ...(route.description === undefined ? {} : { description: route.description }),
      ...(route.request as Request),
      ...(needsSession(route.access) ? { security: secured } : {}),
      response: { ...errorResponses, ...route.response },
    },
    config: { access: route.access },
  })

/** What the routes of one family share (the admin console, an author's analytics). */
export interface RouteFamily<Hook, Extra extends Record<number, object>> {
  /** the declarer of the family's route file */
  declare: ReturnType<typeof declarer>
  access: RoutePolicy
  /** the hook every route of the family runs first, e.g. its rate limit */
  preHandler: Hook
  /** a route's description as the document shows it: with the family's note on who may call and at what rate */
  describe: (description: string) => string
  /** answers every route of the family may give besides the common errors, e.g. `{ 503: ErrorEnvelope }` */
  answers: Extra
}

/**
 * The declarer of a family of routes sharing their policy, their hook and a note on who may call them:
 * `route(summary, description, request, data)` gives the options of a route answering `Envelope(data)`.
 */
export const familyDeclarer =
  <Hook, Extra extends Record<number, object>>(family: RouteFamily<Hook, Extra>) =>
  <Request extends RequestSchemas, Data extends TSchema>(
    summary: string,
    description: string,
    request: Request,
    data: Data,
  ) => ({
    ...family.declare({
      summary,
      description: family.describe(description),
      access: family.access,
      request,
      response: { 200: Envelope(data), ...family.answers },
    }),
    preHandler: family.preHandler,
  })
