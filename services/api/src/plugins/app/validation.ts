import fp from 'fastify-plugin'
import type { FastifyRequest, RouteOptions } from 'fastify'
import { badRequest } from '@bookstrut/core'
import ajvCompiler from '@fastify/ajv-compiler'
import ajvErrors from 'ajv-errors'
import type { Ajv, AnySchema, Options } from 'ajv'

/** Lets schemas carry the spec's own validation messages (`errorMessage`); ajv-errors is CommonJS, hence `.default`. */
const withErrorMessages = (ajv: Ajv) => ajvErrors.default(ajv)

// ajv-errors needs every error, and we report them all ("field: reason" per field).
const shared: Options = { useDefaults: true, allErrors: true }

/**
 * JSON bodies arrive typed, so a type mismatch is the client's mistake, not something to repair: `false` sent
 * for a name stays a 400 instead of becoming the text "false". Unknown fields are refused rather than stripped
 * (the bodies say `additionalProperties: false`, see `strictBodySchema`), so the server and its OpenAPI
 * document agree. Multipart forms reach the body schema as plain strings (and lists of strings), which the
 * body schemas that accept forms take as they are.
 */
export const BODY_AJV_OPTIONS: Options = { ...shared, coerceTypes: false, removeAdditional: false }

/**
 * Query strings, path parameters and headers are text by nature: `page=2` must become a number and a single
 * `status=1` a one-item list. Unknown query parameters (cache busters, the spec client's extras) are dropped,
 * as the document does not forbid them.
 */
export const TEXT_AJV_OPTIONS: Options = { ...shared, coerceTypes: 'array', removeAdditional: 'all' }

interface RouteSchemaDef {
  schema: AnySchema
  httpPart?: string
}

const isRouteDef = (value: unknown): value is RouteSchemaDef =>
  typeof value === 'object' && value !== null && 'schema' in value

/**
 * Fastify's validator factory (`schemaController.compilersFactory.buildValidator`): one Ajv per kind of
 * input, built by Fastify's own compiler so shared schemas, formats and `$id` handling stay as they were.
 */
export function buildPartValidator(externalSchemas: Record<string, AnySchema | AnySchema[]>) {
  const pool = ajvCompiler()
  const plugins = [withErrorMessages]
  const forBody = pool(externalSchemas, { customOptions: BODY_AJV_OPTIONS, plugins })
  const forText = pool(externalSchemas, { customOptions: TEXT_AJV_OPTIONS, plugins })
  // Typed as Ajv's compile by @fastify/ajv-compiler, although Fastify passes the route's schema definition.
  return (route: AnySchema) => (isRouteDef(route) && route.httpPart === 'body' ? forBody : forText)(route)
}

type JsonSchema = Record<string, unknown>

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const mapSchemas = (list: unknown) => (Array.isArray(list) ? list.map(strictSchema) : list)

/**
 * A copy of `schema` in which every object with declared properties refuses others
 * (`additionalProperties: false`), unless it says otherwise itself. `allOf` is refused outright: each of its
 * branches would then reject the others' fields, so such a body needs a hand-written schema.
 */
export function strictSchema(schema: unknown): unknown {
  if (!isSchema(schema)) return schema
  if ('allOf' in schema)
    throw new Error('strictSchema: allOf in a request body cannot be made strict; use Type.Composite')
  const copy: JsonSchema = { ...schema }
  if (isSchema(schema.properties)) {
    copy.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([name, sub]) => [name, strictSchema(sub)]),
    )
    if (copy.additionalProperties === undefined && copy.patternProperties === undefined)
      copy.additionalProperties = false
  }
  if (schema.items !== undefined)
    copy.items = Array.isArray(schema.items) ? mapSchemas(schema.items) : strictSchema(schema.items)
  if (schema.anyOf !== undefined) copy.anyOf = mapSchemas(schema.anyOf)
  if (schema.oneOf !== undefined) copy.oneOf = mapSchemas(schema.oneOf)
  return copy
}

/** onRoute hook: the route's body schema becomes strict, for validation and the OpenAPI document alike. */
export function strictBodySchema(route: RouteOptions) {
  if (!route.schema?.body) return
  // A copy, never the shared TypeBox object: the client and other routes use it too.
  route.schema = { ...route.schema, body: strictSchema(route.schema.body) }
}

const MULTIPART = /^\s*multipart\/form-data\s*(;|$)/i
const BOUNDARY = /;\s*boundary\s*=\s*("[^"]+"|[^\s;"]+)/i

/**
 * onRequest hook: a multipart body without a boundary cannot be split into parts, and the parser says so by
 * throwing a plain error (a 500) once a route reads the form. Refused here, before any route, as bad input.
 */
export async function requireMultipartBoundary(req: FastifyRequest) {
  const type = req.headers['content-type']
  if (type && MULTIPART.test(type) && !BOUNDARY.test(type))
    throw badRequest('Content-Type: multipart/form-data needs a boundary parameter.')
}

/** Registered before any route: every body schema declared afterwards is made strict. */
export const strictBodiesPlugin = fp(async (app) => {
  app.addHook('onRoute', strictBodySchema)
  app.addHook('onRequest', requireMultipartBoundary)
})
