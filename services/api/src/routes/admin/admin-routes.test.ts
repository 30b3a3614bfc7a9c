import { describe, expect, it } from 'vitest'
import { buildUser } from '@bookstrut/accounts/testing'
import {
  t,
  api,
  adminAndTarget,
  userRow,
  as,
  SPAM,
  ESSENTIAL_PLAN,
  entries,
  countEntries,
  fixture,
  SAMPLES,
  AUDIT_TESTS,
  adminRoutesOfDocument,
  isWrite,
  useAdminApp,
} from '../../test/admin-console.js'

// The admin routes of the OpenAPI document and who may call them (issue 33).

useAdminApp()

describe('the admin routes of the OpenAPI document', () => {
  it('each has a sample request in this file and each write an audit test', () => {
    const routes = adminRoutesOfDocument()
    expect(routes.length).toBeGreaterThanOrEqual(Object.keys(SAMPLES).length)
    expect(routes.filter((r) => !(r in SAMPLES))).toEqual([])
    expect(routes.filter((r) => isWrite(r) && !(r in AUDIT_TESTS))).toEqual([])
    expect(Object.keys(AUDIT_TESTS).filter((r) => !routes.includes(r))).toEqual([])
  })

  it('each has a description', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { description?: string }>> }
    const undocumented = adminRoutesOfDocument().filter((r) => {
      const [method = '', path = ''] = r.split(' ')
      return !doc.paths[`/api/v1${path}`]?.[method.toLowerCase()]?.description
    })
    expect(undocumented).toEqual([])
  })
})

describe('who may call the admin routes', () => {
  it('answers 401 to anonymous callers and a forged token, 403 to readers, authors and publishers, and changes nothing', async () => {
    const f = await fixture()
    const callers = {
      reader: await buildUser(t.app.db, { role: 'reader' }),
      author: await buildUser(t.app.db, { role: 'author' }),
      publisher: await buildUser(t.app.db, { role: 'publisher' }),
    }
    const before = await countEntries()
    const c = api()
    for (const [route, sample] of Object.entries(SAMPLES)) {
      const [method = 'GET'] = route.split(' ')
      const { url, body } = sample(f)
      const call = (token?: string) =>
        t.app.inject({
          method: method as 'GET',
          url: `/api/v1${url}`,
          payload: body as object | undefined,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        })
      expect((await call()).statusCode, `${route} anonymous`).toBe(401)
      // A made-up token: the server reads who calls from the session, never from the request.
      expect((await call(`${'f'.repeat(64)}`)).statusCode, `${route} forged token`).toBe(401)
      for (const [who, caller] of Object.entries(callers))
        expect((await call(caller.token)).statusCode, `${route} ${who}`).toBe(403)
    }
    // Ids in a body grant nothing: a reader naming themselves for promotion is refused.
    const forgedId = await c.put(
      '/admin/user/role',
      { userId: callers.reader.id, role: 'admin' },
      { token: callers.reader.token },
    )
    expect(forgedId.status).toBe(403)
    expect(await countEntries()).toBe(before)
    const target = await userRow(f.target.id)
    expect([target.is_blocked, target.role]).toEqual([false, 'reader'])
  })

  it('answers every sample request of an admin with a 2xx', async () => {
    const f = await fixture()
    for (const [route, sample] of Object.entries(SAMPLES)) {
      const [method = 'GET'] = route.split(' ')
      const { url, body } = sample(f)
      const res = await t.app.inject({
        method: method as 'GET',
        url: `/api/v1${url}`,
        payload: body as object | undefined,
        headers: { authorization: `Bearer ${f.admin.token}` },
      })
      expect(res.statusCode, `${route}: ${res.body.slice(0, 200)}`).toBe(200)
    }
  })

  it('refuses an admin past the per-admin limit with 429, and the write does not happen', async () => {
    const { admin, target } = await adminAndTarget()
    for (let i = 0; i < 300; i++) await t.app.limits.consume('adminPerAccount', admin.id)
    const res = await as(admin).post('/admin/block/user', { userId: target.id, notes: 'Spam' })
    expect(res.status).toBe(429)
    expect(res.body.code).toBe('RATE_LIMITED')
    expect(await entries({ targetId: target.id })).toEqual([])
    const row = await userRow(target.id)
    expect(row.is_blocked).toBe(false)
  })

  it('answers hostile bodies with 400 and changes nothing', async () => {
    const { admin, target } = await adminAndTarget()
    const c = as(admin)
    const hostile: Array<[string, unknown]> = [
      ['/admin/block/user', { userId: target.id, notes: 'x', role: 'admin' }],
      ['/admin/block/user', { userId: target.id, notes: '   ' }],
      ['/admin/block/user', { userId: `${target.id}' or 1=1`, notes: 'x' }],
      ['/admin/block/user', { userId: target.id, notes: 'x'.repeat(1001) }],
    ]
    for (const [url, body] of hostile) expect((await c.post(url, body)).status).toBe(400)
    const puts: Array<[string, unknown]> = [
      ['/admin/user/role', { userId: target.id, role: 'superuser' }],
      ['/admin/user/role', { userId: target.id }],
      ['/admin/reports/resolve', { podcastId: target.id, reportTypeId: SPAM, note: 'x', action: 'delete' }],
      ['/admin/report-type', { reportTypeId: SPAM }],
      ['/admin/report-type', { reportTypeId: SPAM, type: 'x'.repeat(81) }],
      ['/admin/top20/held', { podcastId: target.id, decision: 'maybe' }],
      ['/admin/membership/plan', { planId: ESSENTIAL_PLAN, price: '1; drop table plans' }],
    ]
    for (const [url, body] of puts) expect((await c.put(url, body)).status, url).toBe(400)
    expect((await c.get('/admin/audit-log?from=yesterday')).status).toBe(400)
    expect((await c.get('/admin/users?role=root')).status).toBe(400)
    expect(await entries({ targetId: target.id })).toEqual([])
    const row = await userRow(target.id)
    expect([row.is_blocked, row.role]).toEqual([false, 'reader'])
  })
})
