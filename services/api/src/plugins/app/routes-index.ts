import fp from 'fastify-plugin'

/** A route path with parameters (`/topics/:slug`) as a pattern matching its addresses (one segment a parameter). */
const patternOf = (url: string) =>
  new RegExp(
    `^${url
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}$`,
  )

/**
 * Records every route as it is registered (so it must come before the routes), and answers a known path
 * (or an address of a route with path parameters) called with another method with 405 and `Allow`. This runs on
 * request, before any body is parsed.
 */
export const routesIndexPlugin = fp(async (app) => {
  const index = new Map<string, Set<string>>()
  const parametric: { pattern: RegExp; methods: Set<string> }[] = []
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    const known = index.get(route.url) ?? new Set<string>()
    if (!index.has(route.url) && route.url.includes('/:'))
      parametric.push({ pattern: patternOf(route.url), methods: known })
    methods.forEach((m) => known.add(m))
    index.set(route.url, known)
  })
  app.addHook('onRequest', async (req, reply) => {
    if (!req.is404) return
    const urlPath = req.url.split('?')[0] ?? req.url
    const allowed = index.get(urlPath) ?? parametric.find((r) => r.pattern.test(urlPath))?.methods
    if (!allowed) return
    return reply
      .code(405)
      .header('allow', [...allowed].join(', '))
      .send({
        success: false,
        code: 'METHOD_NOT_ALLOWED',
        message: `Method ${req.method} is not allowed on ${urlPath}`,
        data: null,
      })
  })
})
