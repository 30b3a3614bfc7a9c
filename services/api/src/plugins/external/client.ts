import fp from 'fastify-plugin'
import path from 'node:path'
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static'
import { access, hasClientBuild } from '@bookstrut/core'
import { declarePublic } from '../app/access.js'

/**
 * Serves the built single-page client: hashed assets cached for a year, index.html never cached, and
 * index.html for any other GET that is not an API call (client-side routes). Unknown API paths get the
 * JSON envelope.
 */
export const clientPlugin = fp(async (app) => {
  const withClient = hasClientBuild(app.config)
  if (withClient) {
    const files: FastifyStaticOptions = {
      root: app.config.client.distDir,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    }
    // reply.sendFile for the not-found handler below (serves nothing itself) …
    await app.register(fastifyStatic, { ...files, serve: false })
    // … and the client's files, public, in a scope that declares their routes so (plugins/app/access.ts).
    await app.register(async (scope) => {
      scope.addHook('onRoute', declarePublic(access.public()))
      await scope.register(fastifyStatic, { ...files, wildcard: false, decorateReply: false })
    })
  } else {
    app.log.warn(
      { dir: app.config.client.distDir },
      'no client build found: only the API is served (run npm run build)',
    )
  }

  app.setNotFoundHandler(async (req, reply) => {
    const urlPath = req.url.split('?')[0] ?? req.url
    const isApi = urlPath.startsWith('/api/')
    if (!isApi && withClient && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html')
    }
    return reply.code(404).send({
      success: false,
      code: 'NOT_FOUND',
      message: `Route ${req.method} ${urlPath} not found`,
      data: null,
    })
  })
})
