import fp from 'fastify-plugin'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { access } from '@bookstrut/core'
import { OPTIONAL_BODY } from '../../routes/route-docs.js'
import { declarePublic } from '../app/access.js'

type Operation = Record<string, unknown> & { requestBody?: Record<string, unknown> }

/** A body the route marked `optionalBody` is not required in the document either (the server takes none as {}). */
function applyOptionalBodies(paths: Record<string, Record<string, Operation>>) {
  for (const operation of Object.values(paths).flatMap((ops) => Object.values(ops))) {
    if (typeof operation !== 'object' || operation === null || !(OPTIONAL_BODY in operation)) continue
    delete operation[OPTIONAL_BODY]
    if (operation.requestBody) operation.requestBody.required = false
  }
}

/** The OpenAPI document at /api/docs/json and its browsable UI at /api/docs. */
export const swaggerPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'BookStrut API',
        version: '1.0.0',
        description:
          'Find books by describing ideas; list books and podblurbs. Every answer is `{ success, message, data }`; ' +
          'errors are `{ success: false, code, message, data }` with a 4xx status. Paths and field names follow the ' +
          'product specification, odd spellings included. Authenticate with `Authorization: Bearer <token>` or a `token` header.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          tokenHeader: { type: 'apiKey', in: 'header', name: 'token' },
        },
      },
    },
    transformObject: (document) => {
      // We publish OpenAPI 3 only; the Swagger 2 branch of the type never occurs.
      if (!('openapiObject' in document)) return document.swaggerObject
      const { openapiObject } = document
      if (openapiObject.paths)
        applyOptionalBodies(openapiObject.paths as Record<string, Record<string, Operation>>)
      return openapiObject
    },
  })
  // The document and its UI are public; their routes are the library's, declared here as a scope.
  await app.register(async (docs) => {
    docs.addHook('onRoute', declarePublic(access.public()))
    await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })
  })
})
