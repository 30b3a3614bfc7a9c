import fp from 'fastify-plugin'
import path from 'node:path'
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static'
import { access, hasClientBuild } from '@bookstrut/core'
import { declarePublic } from '../app/access.js'
import { createPageRenderer, type PageRendererOptions } from '../../ssr/page-renderer.js'

/**
 * Serves the built single-page client: hashed assets cached for a year, index.html never cached, and for any
 * other GET that is not an API call (client-side routes) the server-rendered page (ssr/page-renderer.ts) or,
 * for private pages and without a server bundle, index.html. Unknown API paths get the JSON envelope.
 */
export const clientPlugin = fp<{ pages?: PageRendererOptions }>(async (app, opts) => {
  const withClient = hasClientBuild(app.config)
  const pages = withClient ? await createPageRenderer(app, opts.pages) : null
  if (withClient) {
    const files: FastifyStaticOptions = {
      root: app.config.client.distDir,
      // `/` is a page like the others (server-rendered), not index.html as a file.
      index: false,
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
      const { page, outcome } = pages ? await pages.render(req) : { page: null, outcome: 'shell' }
      // A page rendered without some of its data is this visitor's alone: no cache along the way may keep it.
      reply
        .header('cache-control', outcome === 'partial' ? 'no-store' : 'no-cache')
        .header('x-page-render', outcome)
      if (page) return reply.code(page.status).type('text/html; charset=utf-8').send(page.html)
      return reply.sendFile('index.html')
    }
    return reply.code(404).send({
      success: false,
      code: 'NOT_FOUND',
      message: `Route ${req.method} ${urlPath} not found`,
      data: null,
    })
  })
})
