import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyServerOptions } from 'fastify'
import helmet from '@fastify/helmet'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { loggerOptions, systemClock, type Clock, type Config, type Logger } from '@bookstrut/core'
import { dbPlugin } from './plugins/app/db.js'
import { redisPlugin } from './plugins/app/redis.js'
import { publicPagesBroadcastPlugin } from './plugins/app/public-pages-broadcast.js'
import { visitorsPlugin } from './plugins/app/anonymous-id.js'
import { authPlugin } from './plugins/app/auth.js'
import { accessPlugin } from './plugins/app/access.js'
import { publicPagesPlugin } from './plugins/app/public-pages.js'
import { errorsPlugin } from './plugins/app/errors.js'
import { jsonDepthPlugin } from './plugins/app/json-depth.js'
import { buildPartValidator, strictBodiesPlugin } from './plugins/app/validation.js'
import { rejectNulPlugin } from './plugins/app/reject-nul.js'
import { routesIndexPlugin } from './plugins/app/routes-index.js'
import { swaggerPlugin } from './plugins/external/swagger.js'
import { clientPlugin } from './plugins/external/client.js'
import { healthRoutes } from './routes/health/index.js'
import { userRoutes } from './routes/users/index.js'
import { listPublicContentPaths } from '@bookstrut/content'
import { topicPath, topicsRepo } from '@bookstrut/search'
import { contentPlugin } from './routes/content/content-plugin.js'
import { adminRoutes } from './routes/admin/index.js'
import { bookRoutes } from './routes/podcasts/index.js'
import { searchRoutes } from './routes/search/index.js'
import { ghostRoutes } from './routes/ghosts/index.js'
import { reactionRoutes } from './routes/reactions/index.js'
import { foundItRoutes } from './routes/found-it/index.js'
import { searchHistoryRoutes } from './routes/search-history/index.js'
import { topicRoutes } from './routes/topics/index.js'
import { libraryRoutes } from './routes/library/index.js'
import { membershipRoutes } from './routes/memberships/index.js'
import { paymentRoutes } from './routes/payments/index.js'
import { eventRoutes } from './routes/events/index.js'
import { mediaPlugin } from './plugins/app/media.js'
import { ideaSearchPlugin } from './plugins/app/idea-search.js'
import { analyticsPlugin } from './plugins/app/analytics.js'
import { insightsRoutes } from './routes/insights/index.js'
import { seoRoutes } from './routes/seo/index.js'

export interface BuildAppOptions {
  config: Readonly<Config>
  databaseUrl: string
  clock?: Clock
  logger?: Logger
}

/** Builds the HTTP app: plugins first, then the routes under /api/v1. Listening is the caller's business. */
export async function buildApp(opts: BuildAppOptions) {
  const { config } = opts
  const logging: Pick<FastifyServerOptions, 'logger' | 'loggerInstance'> = opts.logger
    ? { loggerInstance: opts.logger }
    : { logger: loggerOptions(config.logLevel) }
  const app = Fastify({
    ...logging,
    trustProxy: config.http.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    // Strict JSON bodies, coerced query strings: one Ajv per kind of input (plugins/app/validation.ts).
    schemaController: { compilersFactory: { buildValidator: buildPartValidator } },
  }).withTypeProvider<TypeBoxTypeProvider>()

  app.decorate('config', config)
  app.decorate('clock', opts.clock ?? systemClock)
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id)
  })

  await app.register(errorsPlugin)
  await app.register(jsonDepthPlugin)
  await app.register(strictBodiesPlugin)
  await app.register(routesIndexPlugin)
  await app.register(rejectNulPlugin)
  // Before any route (the OpenAPI UI's included): it records each route's declared policy and enforces it.
  await app.register(accessPlugin)
  // After access: an admin write that succeeded empties the server's render cache (docs/admin.md).
  await app.register(publicPagesPlugin)
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'blob:'],
        // Stripe.js and its card field (the payment modal), as Stripe's CSP guidance lists them.
        'script-src': ["'self'", 'https://js.stripe.com'],
        // Stripe, and the home page's featured video when it is a YouTube or Vimeo link (issue 32).
        'frame-src': [
          "'self'",
          'https://js.stripe.com',
          'https://hooks.stripe.com',
          'https://www.youtube-nocookie.com',
          'https://player.vimeo.com',
        ],
        'connect-src': ["'self'", 'https://api.stripe.com'],
        // Only where the app is served over HTTPS: on plain HTTP (a demo reached by its LAN address) the
        // browser would rewrite every asset request to https and load nothing.
        'upgrade-insecure-requests': config.http.publicUrl.startsWith('https://') ? [] : null,
      },
    },
  })
  await app.register(swaggerPlugin)
  await app.register(dbPlugin, { databaseUrl: opts.databaseUrl })
  await app.register(redisPlugin)
  // Every replica's render cache empties at an admin write another replica answered (issue 50).
  await app.register(publicPagesBroadcastPlugin)
  await app.register(visitorsPlugin)
  await app.register(authPlugin)
  await app.register(mediaPlugin)
  await app.register(ideaSearchPlugin)
  await app.register(analyticsPlugin)

  await app.register(
    async (api) => {
      await api.register(healthRoutes)
      await api.register(userRoutes)
      await api.register(adminRoutes)
      await api.register(bookRoutes)
      await api.register(searchRoutes)
      await api.register(ghostRoutes)
      await api.register(reactionRoutes)
      await api.register(foundItRoutes)
      await api.register(searchHistoryRoutes)
      await api.register(membershipRoutes)
      await api.register(paymentRoutes)
      await api.register(eventRoutes)
      await api.register(insightsRoutes)
      await api.register(topicRoutes)
      await api.register(libraryRoutes)
    },
    { prefix: '/api/v1' },
  )
  // Content: its /api/v1 routes and the /data/*.json snapshots beside them.
  await app.register(contentPlugin)
  // Content pages join the sitemap through `sources` (the content package's listPublicContentPaths()).
  const contentPaths = {
    name: 'content',
    entries: async () =>
      (await listPublicContentPaths(app.db)).map((p) => ({ path: p.path, lastmod: p.lastModified })),
  }
  // Topic pages: the index and every stored topic, as of the topics job's last run (docs/seo.md).
  const topicPaths = {
    name: 'topics',
    entries: async () => {
      const topics = await topicsRepo.listTopics(app.db)
      // The index only once it lists something.
      if (topics.length === 0) return []
      return [
        { path: '/topics', lastmod: topics[0]!.refreshed_at },
        ...topics.map((t) => ({ path: topicPath(t.slug), lastmod: t.refreshed_at })),
      ]
    },
  }
  await app.register(seoRoutes, { sources: [contentPaths, topicPaths] })
  await app.register(clientPlugin)
  return app
}

export type App = Awaited<ReturnType<typeof buildApp>>
