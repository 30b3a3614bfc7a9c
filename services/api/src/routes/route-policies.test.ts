import { afterAll, beforeAll, expect, it } from 'vitest'
import { signedInRule, type FieldRef } from '@bookstrut/core'
import { buildTestApp, type TestApp } from '../test/test-app.js'
import type { DeclaredRoute } from '../plugins/app/access.js'

/*
 * Every route of the real app with the access policy it declares (plugins/app/access.ts): the API's routes as a
 * table kept in route-policies.md beside this file (a changed policy shows in review; rewrite it with
 * `npx vitest run src/routes/route-policies.test.ts --update`), and checks that no route declares none and that
 * each policy agrees with what its route documents.
 */

let t: TestApp
let routes: DeclaredRoute[]

beforeAll(async () => {
  t = await buildTestApp({}, undefined, { start: false })
  routes = t.app.routePolicies()
})
afterAll(async () => t?.close())

/** The API's own routes (not the client's files or media, which depend on what is built and stored), without the
 * HEAD twin Fastify adds to each GET. */
const apiRoutes = () =>
  routes
    .filter((r) => r.url.startsWith('/api/v1/') && r.method !== 'HEAD')
    .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))

const requiresSession = (r: DeclaredRoute) => r.policy?.rules.includes(signedInRule) ?? false

it('lists every route with the policy it declares, and none declares none', async () => {
  expect(routes.length).toBeGreaterThan(40)
  expect(routes.filter((r) => !r.policy).map((r) => `${r.method} ${r.url}`)).toEqual([])

  const table = [
    '# Who may call each API route',
    '',
    'Written by `services/api/src/routes/route-policies.test.ts` from the routes the real app registers and the',
    'access policy each declares (`config.access`; core/access/route-policy.ts). Rules are applied in this order.',
    '',
    '| method | path | policy |',
    '| --- | --- | --- |',
    ...apiRoutes().map((r) => `| ${r.method} | ${r.url.replace('/api/v1', '')} | ${r.described} |`),
    '',
  ].join('\n')
  console.info(table)
  await expect(table).toMatchFileSnapshot('./route-policies.md')
})

it('declares the OpenAPI security of exactly the routes that need a session', () => {
  const secured = (r: DeclaredRoute) => Array.isArray(r.schema?.security) && r.schema.security.length > 0
  const mismatched = apiRoutes()
    .filter((r) => secured(r) !== requiresSession(r))
    .map((r) => `${r.method} ${r.url}: security ${secured(r)}, session ${requiresSession(r)}`)
  expect(mismatched).toEqual([])
})

it('reads the account id of an own-account policy from a field its schema requires', () => {
  // A missing id would pass `acts for` (it checks ids sent): the schema must make sending one compulsory.
  const requiredIn = (r: DeclaredRoute, ref: FieldRef) => {
    const part = (ref.in === 'query' ? r.schema?.querystring : r.schema?.body) as
      { required?: string[] } | undefined
    return part?.required?.includes(ref.field) ?? false
  }
  const ownAccount = apiRoutes().filter((r) => r.policy?.label.startsWith('own account'))
  expect(ownAccount.length).toBeGreaterThan(10)
  const unguarded = ownAccount.filter((r) => {
    const field = /acts for (query|body)\.(\w+)/.exec(r.described)
    return !field || !requiredIn(r, { in: field[1] as FieldRef['in'], field: field[2] ?? '' })
  })
  expect(unguarded.map((r) => `${r.method} ${r.url}: ${r.described}`)).toEqual([])
})
