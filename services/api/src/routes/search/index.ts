import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ideaSearchRoutes } from './idea.js'
import { surfaceSearchRoutes } from './surface.js'

/** Search: by three ideas (Strut scores) and by keywords (surface). */
export const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(ideaSearchRoutes)
  await app.register(surfaceSearchRoutes)
}
