import fp from 'fastify-plugin'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'

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
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })
})
