import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify'
import {
  decide,
  decideOwner,
  describePolicy,
  valuesAt,
  type OwnedResource,
  type RoutePolicy,
} from '@bookstrut/core'
import { booksRepo } from '@bookstrut/catalogue'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route (core/access/route-policy.ts `access.*`); every route declares one. */
    access?: RoutePolicy
  }
  interface FastifyInstance {
    /** Every route registered, with the policy it declares (for the route-policy test and audits). */
    routePolicies(): DeclaredRoute[]
  }
}

export interface DeclaredRoute {
  method: string
  url: string
  /** undefined: the route declares none (the app then refuses to start) */
  policy: RoutePolicy | undefined
  /** the policy in words, or "NONE" */
  described: string
  /** the route's schema, to check a policy against what the route documents and requires */
  schema: RouteOptions['schema']
}

/**
 * A scope whose routes are all public and are not ours to declare one by one (the OpenAPI UI, the client's static
 * files): every route registered in it without a policy gets `access.public()`. Add it as an `onRoute` hook.
 */
export function declarePublic(policy: RoutePolicy) {
  return (route: RouteOptions) => {
    route.config = { ...route.config, access: route.config?.access ?? policy }
  }
}

/** Applies the route's declared policy to the request's caller; a denied request never reaches its handler. */
function enforce(req: FastifyRequest, beforeBody: boolean) {
  const policy = req.routeOptions.config.access
  // Unknown paths (the not-found handler) have no route; every route has a policy (checked when the app starts).
  if (!policy) {
    if (req.is404) return
    throw new Error(`${req.method} ${req.routeOptions.url ?? req.url} declares no access policy`)
  }
  // A beforeBody policy is decided on the raw query before the upload is read, and again on the validated request.
  if (beforeBody && !policy.beforeBody) return
  const decision = decide(policy, req.auth?.user ?? null, { query: req.query, body: req.body })
  if (!decision.allow) throw decision.error
}

/** Whose row a request addresses (undefined: none; no id sent is no row): one lookup by primary key. */
async function ownerOf(app: FastifyInstance, owned: OwnedResource, req: FastifyRequest) {
  const [id] = valuesAt({ query: req.query, body: req.body }, owned.at)
  if (id === undefined) return undefined
  return (await booksRepo.findBook(app.db, id))?.create_by
}

/**
 * The one place that enforces who may call a route. Each route declares its policy in `config.access`; this plugin
 * (registered after auth, before the routes) decides before the handler: in preHandler, after the schema (a
 * malformed request is a 400 before it is a 401, and rules read validated ids), or in preValidation for a
 * `beforeBody` policy (uploads). Route-level hooks (rate limits that need the caller) run after it, and after them
 * the ownership of a stored row an `owned` policy names. The app refuses to start while a route declares no policy,
 * naming it.
 */
export const accessPlugin = fp(async (app) => {
  const routes: RouteOptions[] = []
  // The same options object goes through every onRoute hook (a scope's declarePublic too) before the route is
  // built, so it is read when the app is ready, not now.
  app.addHook('onRoute', (route) => {
    routes.push(route)
    // An owned row is looked up last, after the route's own preHandlers (its rate limit): cheap checks first.
    const owned = route.config?.access?.owned
    if (!owned) return
    const ownerCheck = async (req: FastifyRequest) => {
      const decision = decideOwner(owned, req.auth?.user ?? null, await ownerOf(app, owned, req))
      if (!decision.allow) throw decision.error
    }
    const own = route.preHandler
    route.preHandler = [...(own === undefined ? [] : Array.isArray(own) ? own : [own]), ownerCheck]
  })
  const table = (): DeclaredRoute[] =>
    routes.flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method]).map((method) => {
        const policy = route.config?.access
        const described = policy ? describePolicy(policy) : 'NONE'
        return { method, url: route.url, policy, described, schema: route.schema }
      }),
    )
  app.decorate('routePolicies', table)
  app.addHook('onReady', async () => {
    const undeclared = table().filter((r) => !r.policy)
    if (undeclared.length > 0)
      throw new Error(
        `Routes without an access policy (declare config.access): ${undeclared.map((r) => `${r.method} ${r.url}`).join(', ')}`,
      )
  })
  app.addHook('preValidation', async (req) => enforce(req, true))
  app.addHook('preHandler', async (req) => enforce(req, false))
})
