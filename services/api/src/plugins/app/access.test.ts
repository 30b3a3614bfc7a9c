import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Fastify, { type FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { access, actsForRule, inBody, inQuery, newId, systemClock } from '@bookstrut/core'
import { buildUser } from '@bookstrut/accounts/testing'
import { buildListing, createScratchDatabase, type ScratchDatabase } from '@bookstrut/core/testing'
import { accessPlugin, declarePublic } from './access.js'
import { authPlugin, requireAuth } from './auth.js'
import { dbPlugin } from './db.js'
import { errorsPlugin } from './errors.js'

/*
 * The access hook on an app of its own real parts (errors, database, sessions, access) with routes made for the
 * test, so that what the hook does is seen apart from any product route: the real app's routes and their policies
 * are checked in routes/route-policies.test.ts and by each route's own tests.
 */

let database: ScratchDatabase
let app: FastifyInstance
/** How often each handler and route hook ran: a refused request must reach none of them. */
const reached: Record<string, number> = {}
const count = (what: string) => {
  reached[what] = (reached[what] ?? 0) + 1
}

async function baseApp() {
  const base = Fastify({ logger: false }).withTypeProvider<TypeBoxTypeProvider>()
  base.decorate('clock', systemClock)
  await base.register(errorsPlugin)
  await base.register(accessPlugin)
  return base
}

beforeAll(async () => {
  database = await createScratchDatabase('access')
  const built = await baseApp()
  await built.register(dbPlugin, { databaseUrl: database.url })
  await built.register(authPlugin)
  const ok = (what: string) => async () => {
    count(what)
    return { ok: true }
  }
  built.get(
    '/mine',
    {
      schema: { querystring: Type.Object({ userId: Type.String({ minLength: 3 }) }) },
      config: { access: access.ownAccount(inQuery('userId')) },
      // A route's own hook (a per-account rate limit, say) runs only once the policy let the caller through.
      preHandler: async () => count('mine: route preHandler'),
    },
    ok('mine'),
  )
  built.post(
    '/upload',
    {
      schema: {
        querystring: Type.Object({ id: Type.String() }),
        body: Type.Object({ owner: Type.String() }),
      },
      config: {
        access: access.beforeBody(access.ownAccountWrite(inQuery('id'))),
      },
      // Stands for reading an upload: a caller the policy refuses must never make the server do it.
      preValidation: async () => count('upload: read the body'),
    },
    ok('upload'),
  )
  built.post(
    '/claims',
    {
      schema: { body: Type.Object({ owner: Type.Optional(Type.String()) }) },
      config: {
        access: access.beforeBody(access.signedIn(actsForRule(inBody('owner'), 'Not your listing.'))),
      },
    },
    ok('claims'),
  )
  built.get(
    '/titles/figures',
    {
      schema: { querystring: Type.Object({ podcastid: Type.String() }) },
      config: {
        access: access.ownerOf(access.signedIn(), {
          kind: 'book',
          at: inQuery('podcastid'),
          refused: 'Not your title.',
        }),
      },
      // The route's rate limit, say: it runs before the title is looked up.
      preHandler: async () => count('figures: route preHandler'),
    },
    ok('figures'),
  )
  built.get('/admin', { config: { access: access.admin() } }, ok('admin'))
  built.get('/open', { config: { access: access.public() } }, async (req) => ({
    caller: req.auth?.user.id ?? null,
  }))
  built.get('/who', { config: { access: access.signedIn() } }, async (req) => ({
    caller: requireAuth(req).user.id,
  }))
  await built.ready()
  app = built
})
afterAll(async () => {
  await app?.close()
  await database?.drop()
})

const call = async (method: 'GET' | 'POST', url: string, token?: string, payload?: object) => {
  const res = await app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  })
  return { status: res.statusCode, body: res.json() }
}

describe('the access hook', () => {
  it('refuses to start while a route declares no policy, naming every such route', async () => {
    const bare = await baseApp()
    bare.get('/declared', { config: { access: access.public() } }, async () => 'ok')
    bare.get('/forgotten', async () => 'ok')
    bare.post('/forgotten/too', async () => 'ok')
    await expect(bare.ready()).rejects.toThrow(
      'Routes without an access policy (declare config.access): GET /forgotten, HEAD /forgotten, POST /forgotten/too',
    )
    await bare.close().catch(() => undefined)
  })

  it('declares the routes of a public scope (a library’s) public, and keeps a policy a route declares itself', async () => {
    const scoped = await baseApp()
    await scoped.register(async (scope) => {
      scope.addHook('onRoute', declarePublic(access.public()))
      scope.get('/files/a.js', async () => 'file')
      scope.get('/files/own', { config: { access: access.admin() } }, async () => 'own')
    })
    await scoped.ready()
    const table = scoped.routePolicies().map((r) => `${r.method} ${r.url}: ${r.described}`)
    expect(table).toEqual([
      'GET /files/a.js: public',
      'HEAD /files/a.js: public',
      'GET /files/own: admin',
      'HEAD /files/own: admin',
    ])
    await scoped.close()
  })

  it('answers 401 to no session and 403 to a forged id, and the handler and the route’s hooks never run', async () => {
    const reader = await buildUser(app.db)
    const before = { ...reached }
    expect(await call('GET', `/mine?userId=${reader.id}`)).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHORIZED' },
    })
    const forged = await call('GET', '/mine?userId=someone-else', reader.token)
    expect(forged).toMatchObject({
      status: 403,
      body: { success: false, code: 'FORBIDDEN', message: 'You can only act on your own account.' },
    })
    expect(reached).toEqual(before)

    expect((await call('GET', `/mine?userId=${reader.id}`, reader.token)).status).toBe(200)
    expect(reached['mine']).toBe((before['mine'] ?? 0) + 1)
    expect(reached['mine: route preHandler']).toBe((before['mine: route preHandler'] ?? 0) + 1)
  })

  it('decides after the schema: a malformed request is a 400 before it is a 401', async () => {
    expect(await call('GET', '/mine?userId=x')).toMatchObject({ status: 400, body: { code: 'VALIDATION' } })
  })

  it('lets an admin act for anybody, and nobody else on an admin route', async () => {
    const admin = await buildUser(app.db, { role: 'admin' })
    const reader = await buildUser(app.db)
    expect((await call('GET', `/mine?userId=${reader.id}`, admin.token)).status).toBe(200)
    expect((await call('GET', '/admin', admin.token)).status).toBe(200)
    expect(await call('GET', '/admin', reader.token)).toMatchObject({
      status: 403,
      body: { message: 'This action needs an admin account.' },
    })
  })

  it('decides a beforeBody policy before the body is read, and again on the validated request', async () => {
    const reader = await buildUser(app.db)
    const blocked = await buildUser(app.db, { blocked: true })
    const read = reached['upload: read the body'] ?? 0
    expect((await call('POST', `/upload?id=${reader.id}`, undefined, { owner: 'x' })).status).toBe(401)
    expect((await call('POST', '/upload?id=forged', reader.token, { owner: 'x' })).status).toBe(403)
    expect(await call('POST', `/upload?id=${blocked.id}`, blocked.token, { owner: 'x' })).toMatchObject({
      status: 403,
      body: { code: 'BLOCKED', data: { isBlocked: true } },
    })
    expect(reached['upload: read the body'] ?? 0).toBe(read)
    expect((await call('POST', `/upload?id=${reader.id}`, reader.token, { owner: 'x' })).status).toBe(200)

    // A body field is known only once the body is read: the second decision refuses it, before the handler.
    const claims = reached['claims'] ?? 0
    expect(await call('POST', '/claims', reader.token, { owner: 'forged' })).toMatchObject({
      status: 403,
      body: { message: 'Not your listing.' },
    })
    expect(reached['claims'] ?? 0).toBe(claims)
    expect((await call('POST', '/claims', reader.token, { owner: reader.id })).status).toBe(200)
  })

  it('gives handlers the caller it let through, and public routes the caller or nobody', async () => {
    const reader = await buildUser(app.db)
    expect((await call('GET', '/who', reader.token)).body).toEqual({ caller: reader.id })
    expect((await call('GET', '/open', reader.token)).body).toEqual({ caller: reader.id })
    expect((await call('GET', '/open')).body).toEqual({ caller: null })
    expect((await call('GET', '/open', 'not-a-live-token')).body).toEqual({ caller: null })
  })

  it('looks up a stored row’s owner after the route’s own hooks: 404 for none, 403 for another’s', async () => {
    const owner = await buildUser(app.db, { role: 'author' })
    const other = await buildUser(app.db, { role: 'author' })
    const admin = await buildUser(app.db, { role: 'admin' })
    const { id } = await buildListing(app.db, { create_by: owner.id })
    const hooks = reached['figures: route preHandler'] ?? 0
    expect((await call('GET', `/titles/figures?podcastid=${id}`)).status).toBe(401)
    // Refused by the first decision: not even the route's own hook ran.
    expect(reached['figures: route preHandler'] ?? 0).toBe(hooks)

    const before = reached['figures'] ?? 0
    expect(await call('GET', `/titles/figures?podcastid=${newId()}`, owner.token)).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Podcast not found' },
    })
    expect(await call('GET', `/titles/figures?podcastid=${id}`, other.token)).toMatchObject({
      status: 403,
      body: { message: 'Not your title.' },
    })
    expect(reached['figures'] ?? 0).toBe(before)
    expect(reached['figures: route preHandler']).toBe(hooks + 2)
    expect((await call('GET', `/titles/figures?podcastid=${id}`, owner.token)).status).toBe(200)
    expect((await call('GET', `/titles/figures?podcastid=${id}`, admin.token)).status).toBe(200)
    expect(reached['figures']).toBe(before + 2)
  })

  it('leaves unknown paths to the not-found handler', async () => {
    expect((await call('GET', '/nowhere')).status).toBe(404)
  })
})
