import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { buildUser } from '@bookstrut/accounts/testing'
import { insertEvents, top20Repo } from '@bookstrut/analytics'
import { createBlogPost, createFaq, createInformationPage } from '@bookstrut/content'
import { randomUUID } from 'node:crypto'
import { audited, newId } from '@bookstrut/core'
import { buildListing } from '@bookstrut/core/testing'
import { topicCandidatesRepo } from '@bookstrut/search'
import { buildTestApp, type TestApp } from '../../test/test-app.js'
import { client } from '../../test/api-client.js'

// The admin console's calls (issue 33): who may call them, what they change, and the audit entry each write leaves.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({}, undefined, { start: false })
})
afterAll(async () => t?.close())

const api = () => client(t.app)
/** An admin and the user their action is about (a reader unless `target` says otherwise). */
const adminAndTarget = async (target: Parameters<typeof buildUser>[1] = {}) => ({
  admin: await buildUser(t.app.db, { role: 'admin' }),
  target: await buildUser(t.app.db, target),
})
type Account = { id: string; token: string }
/** An account's row as stored now. */
const userRow = (id: string) =>
  t.app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
/** The calls of `account`: client `c` with the account's session token on each. */
const as = (account: Account, c = api()) => ({
  get: (url: string) => c.get(url, { token: account.token }),
  post: (url: string, body?: unknown) => c.post(url, body, { token: account.token }),
  put: (url: string, body?: unknown) => c.put(url, body, { token: account.token }),
})
const SPAM = '0000000000000000000000b1'
const COPYRIGHT = '0000000000000000000000b3'
const ESSENTIAL_PLAN = '0000000000000000000000a2'

const entries = (filter: { targetId?: string; action?: string } = {}) => {
  let q = t.app.db.selectFrom('admin_audit_log').selectAll()
  if (filter.targetId) q = q.where('target_id', '=', filter.targetId)
  if (filter.action) q = q.where('action', '=', filter.action)
  return q.orderBy('created_at').orderBy('id').execute()
}
const countEntries = async () => (await entries()).length

async function report(podcastId: string, type = SPAM, by?: Account) {
  const reader = by ?? (await buildUser(t.app.db))
  await t.app.db
    .insertInto('reports')
    .values({
      id: newId(),
      user_id: reader.id,
      report_type_id: type,
      podcast_id: podcastId,
      episode_id: null,
    })
    .execute()
  return reader
}

async function heldBook(bookId: string) {
  await t.app.db.transaction().execute((trx) =>
    top20Repo.saveRanking(trx, {
      id: newId(),
      computedAt: new Date(),
      entries: [],
      held: [
        { bookId, score: 42, readers: 9, reason: 'anonymous_majority', details: { anonymousShare: 0.9 } },
      ],
    }),
  )
}

/** The fixtures every route's sample request needs. */
interface Fixture {
  admin: Account
  target: Account
  /** an author on the free plan (plans are granted to authors and publishers) */
  author: Account
  listingId: string
  faqId: string
  blogId: string
  informationId: string
  /** a pending topic candidate of the readers' words queue */
  topicCandidateId: string
}

/** An admin, a reader to act on, a listing with a report and a held place, and one entry of each content kind. */
async function fixture(): Promise<Fixture> {
  const now = t.clock.now()
  const listingId = (await buildListing(t.app.db)).id
  await report(listingId)
  await heldBook(listingId)
  const slug = `sample-${newId()}`
  await topicCandidatesRepo.saveCandidates(
    t.app.db,
    [{ slug, idea: slug.replace(/-/g, ' '), readers: 3, networks: 3, books: [] }],
    now,
  )
  const candidate = await t.app.db
    .selectFrom('topic_candidates')
    .select('id')
    .where('slug', '=', slug)
    .executeTakeFirstOrThrow()
  return {
    topicCandidateId: candidate.id,
    admin: await buildUser(t.app.db, { role: 'admin' }),
    target: await buildUser(t.app.db),
    author: await buildUser(t.app.db, { role: 'author' }),
    listingId,
    faqId: (await createFaq(t.app.db, { question: 'Sample?', answer: '<p>Yes.</p>' }, now))._id,
    blogId: (await createBlogPost(t.app.db, { title: 'Sample post', content: '<p>Hi</p>' }, now))._id,
    informationId: (
      await createInformationPage(
        t.app.db,
        {
          path: `sample-${newId()}`,
          information_name: 'Sample',
          information_Description: '',
          placeArea: 'menu',
        },
        now,
      )
    )._id,
  }
}

/**
 * Every admin route of the OpenAPI document with a request that an admin would get a 2xx for. The access and
 * coverage tests read the document and fail on a route missing here.
 */
const SAMPLES: Record<string, (f: Fixture) => { url: string; body?: unknown }> = {
  'GET /admin/users': () => ({ url: '/admin/users?q=test' }),
  'GET /admin/user': (f) => ({ url: `/admin/user?userId=${f.target.id}` }),
  'POST /admin/block/user': (f) => ({
    url: '/admin/block/user',
    body: { userId: f.target.id, notes: 'Spam' },
  }),
  'POST /admin/unblock/user': (f) => ({ url: '/admin/unblock/user', body: { userId: f.target.id } }),
  'PUT /admin/user/role': (f) => ({ url: '/admin/user/role', body: { userId: f.target.id, role: 'author' } }),
  'POST /admin/user/plan': (f) => ({
    url: '/admin/user/plan',
    body: {
      userId: f.author.id,
      kind: 'complimentary',
      planId: ESSENTIAL_PLAN,
      endDate: new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString().slice(0, 10),
      reason: 'Trying the analytics',
    },
  }),
  'GET /admin/reports': () => ({ url: '/admin/reports?status=open' }),
  'PUT /admin/reports/resolve': (f) => ({
    url: '/admin/reports/resolve',
    body: { podcastId: f.listingId, reportTypeId: SPAM, note: 'Checked', action: 'none' },
  }),
  'GET /admin/report-types': () => ({ url: '/admin/report-types' }),
  'POST /admin/report-type': () => ({ url: '/admin/report-type', body: { type: `Type ${newId()}` } }),
  'PUT /admin/report-type': () => ({ url: '/admin/report-type', body: { reportTypeId: SPAM, sortOrder: 1 } }),
  'GET /admin/top20': () => ({ url: '/admin/top20' }),
  'GET /admin/top20/held': () => ({ url: '/admin/top20/held' }),
  'PUT /admin/top20/held': (f) => ({
    url: '/admin/top20/held',
    body: { podcastId: f.listingId, decision: 'keep' },
  }),
  'GET /admin/readers-words': () => ({ url: '/admin/readers-words?status=pending&kind=topic' }),
  'PUT /admin/readers-words': (f) => ({
    url: '/admin/readers-words',
    body: { kind: 'topic', id: f.topicCandidateId, decision: 'reject' },
  }),
  'GET /admin/audit-log': () => ({ url: '/admin/audit-log' }),
  'GET /admin/audit-log/csv': () => ({ url: '/admin/audit-log/csv' }),
  'GET /admin/podcasts': () => ({ url: '/admin/podcasts' }),
  'PUT /admin/podcast/status': (f) => ({
    url: '/admin/podcast/status',
    body: { podcastId: f.listingId, status: 1 },
  }),
  'PUT /admin/membership/plan': () => ({
    url: '/admin/membership/plan',
    body: { planId: ESSENTIAL_PLAN, price: 5.99 },
  }),
  // The content engine's writes (services/api/src/routes/content/admin-content.ts): admin by their declared policy.
  'POST /create/faq': () => ({ url: '/create/faq', body: { question: 'New?', answer: '<p>Yes.</p>' } }),
  'PUT /update/faq': (f) => ({ url: `/update/faq?id=${f.faqId}`, body: { order: 7 } }),
  'DELETE /delete/faq': (f) => ({ url: `/delete/faq?id=${f.faqId}` }),
  'POST /create/blog': () => ({ url: '/create/blog', body: { title: 'New post', content: '<p>Hi</p>' } }),
  'PUT /update/blog': (f) => ({ url: `/update/blog?id=${f.blogId}`, body: { title: 'Renamed post' } }),
  'DELETE /delete/blog': (f) => ({ url: `/delete/blog?id=${f.blogId}` }),
  'POST /create/information': () => ({
    url: '/create/information',
    body: {
      path: `new-${newId()}`,
      information_name: 'New',
      information_Description: '',
      placeArea: 'footer',
    },
  }),
  'PUT /update/information': (f) => ({
    url: `/update/information?id=${f.informationId}`,
    body: { information_name: 'Renamed' },
  }),
  'DELETE /delete/information': (f) => ({ url: `/delete/information?id=${f.informationId}` }),
  'PUT /update/settings': () => ({ url: '/update/settings', body: { TikTok: '' } }),
  // The content editors' list of every information page (routes/content/admin-content-reads.ts).
  'GET /admin/information': () => ({ url: '/admin/information' }),
}

const CONTENT_AUDIT_TEST =
  'each content write (FAQ, blog, information page, settings) writes one entry; a refused, invalid or no-op one none'

/** Every admin write and the test below that proves it leaves one audit entry: a new write route needs a row. */
const AUDIT_TESTS: Record<string, string> = {
  'POST /admin/block/user': 'blocking writes one user.block entry with the note, and the user sees the note',
  'POST /admin/unblock/user': 'unblocking writes one user.unblock entry; unblocking again writes none',
  'PUT /admin/user/role': 'changing a role writes one user.role entry with the roles before and after',
  'PUT /admin/reports/resolve': 'resolving reports writes one report.resolve entry with the note',
  'POST /admin/report-type': 'adding a report type writes one report_type.create entry',
  'PUT /admin/report-type': 'editing a report type writes one report_type.update entry',
  'PUT /admin/top20/held':
    'releasing a held title writes one top20.release entry; the same word again writes none',
  'PUT /admin/podcast/status': 'moderating a listing writes one listing.moderate entry',
  // readers-words.test.ts
  'PUT /admin/readers-words':
    'shows a benign topic with its readers, networks and books; approved, it is public at once',
  'PUT /admin/membership/plan': "editing a plan's price writes one plan.update entry",
  // plan-grant.test.ts
  'POST /admin/user/plan':
    'a complimentary grant writes one plan.grant entry and the member sees it in My Membership; again, none',
  'POST /create/faq': CONTENT_AUDIT_TEST,
  'PUT /update/faq': CONTENT_AUDIT_TEST,
  'DELETE /delete/faq': CONTENT_AUDIT_TEST,
  'POST /create/blog': CONTENT_AUDIT_TEST,
  'PUT /update/blog': CONTENT_AUDIT_TEST,
  'DELETE /delete/blog': CONTENT_AUDIT_TEST,
  'POST /create/information': CONTENT_AUDIT_TEST,
  'PUT /update/information': CONTENT_AUDIT_TEST,
  'DELETE /delete/information': CONTENT_AUDIT_TEST,
  'PUT /update/settings': CONTENT_AUDIT_TEST,
}

/**
 * The admin routes, as `METHOD /path` (without /api/v1): every API route whose declared access policy is admin
 * (`config.access`, the route table of route-policies.md), whatever its path or tag. The tests below also require
 * each to be in the OpenAPI document with a description.
 */
function adminRoutesOfDocument(): string[] {
  return t.app
    .routePolicies()
    .filter((r) => r.url.startsWith('/api/v1/') && r.method !== 'HEAD' && r.policy?.label === 'admin')
    .map((r) => `${r.method} ${r.url.replace(/^\/api\/v1/, '')}`)
}
const isWrite = (route: string) => !route.startsWith('GET ')

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

describe('the audit log', () => {
  it('refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    const { admin, target } = await adminAndTarget()
    await api().post('/admin/block/user', { userId: target.id, notes: 'Spam' }, { token: admin.token })
    const [entry] = await entries({ targetId: target.id })
    expect(entry).toBeDefined()
    await expect(
      t.app.db
        .updateTable('admin_audit_log')
        .set({ action: 'user.unblock' })
        .where('id', '=', entry!.id)
        .execute(),
    ).rejects.toThrow(/append-only/)
    await expect(
      t.app.db.deleteFrom('admin_audit_log').where('id', '=', entry!.id).execute(),
    ).rejects.toThrow(/append-only/)
    await expect(sql`truncate admin_audit_log`.execute(t.app.db)).rejects.toThrow(/append-only/)
    expect(await entries({ targetId: target.id })).toHaveLength(1)
  })

  it('writes the entry in the transaction of the change: an entry that cannot be written undoes the change', async () => {
    const { admin, target } = await adminAndTarget()
    const actor = { id: admin.id, email: 'a@example.com', requestId: null }
    await expect(
      audited({ db: t.app.db, clock: t.clock }, actor, async (trx) => {
        await trx.updateTable('users').set({ is_blocked: true }).where('id', '=', target.id).execute()
        // target_id is at most 64 characters: the insert fails after the change was made.
        return {
          result: null,
          action: 'user.block',
          targetType: 'user',
          targetId: 'x'.repeat(65),
          before: 1,
          after: 2,
        }
      }),
    ).rejects.toThrow()
    const row = await userRow(target.id)
    expect(row.is_blocked).toBe(false)
    expect(await entries({ targetId: 'x'.repeat(65) })).toEqual([])
  })

  it('filters by admin, action, target and time, pages newest first, and exports the same as CSV', async () => {
    const [a1, a2] = [
      await buildUser(t.app.db, { role: 'admin' }),
      await buildUser(t.app.db, { role: 'admin' }),
    ]
    const targets = [await buildUser(t.app.db), await buildUser(t.app.db), await buildUser(t.app.db)]
    const c = api()
    for (const u of targets) {
      t.clock.advance(1000)
      await c.post('/admin/block/user', { userId: u.id, notes: 'Spam' }, { token: a1.token })
    }
    t.clock.advance(1000)
    await c.post('/admin/unblock/user', { userId: targets[0]!.id }, { token: a2.token })

    const byA1 = await c.get(`/admin/audit-log?adminId=${a1.id}&limit=2`, { token: a2.token })
    expect(byA1.status).toBe(200)
    expect(byA1.body.data.total).toBe(3)
    expect(byA1.body.data.items.map((e: { targetId: string }) => e.targetId)).toEqual([
      targets[2]!.id,
      targets[1]!.id,
    ])
    const page2 = await c.get(`/admin/audit-log?adminId=${a1.id}&limit=2&page=2`, { token: a2.token })
    expect(page2.body.data.items.map((e: { targetId: string }) => e.targetId)).toEqual([targets[0]!.id])

    const unblocks = await c.get(`/admin/audit-log?action=user.unblock&adminId=${a2.id}`, { token: a1.token })
    expect(unblocks.body.data.items).toHaveLength(1)
    expect(unblocks.body.data.items[0]).toMatchObject({
      adminId: a2.id,
      action: 'user.unblock',
      targetType: 'user',
      targetId: targets[0]!.id,
      before: { isBlocked: true, blockNotes: 'Spam' },
      after: { isBlocked: false, blockNotes: '' },
    })
    const onTarget = await c.get(`/admin/audit-log?targetId=${targets[0]!.id}`, { token: a1.token })
    expect(onTarget.body.data.items.map((e: { action: string }) => e.action)).toEqual([
      'user.unblock',
      'user.block',
    ])
    const future = new Date(t.clock.now().getTime() + 3_600_000).toISOString()
    const none = await c.get(`/admin/audit-log?adminId=${a1.id}&from=${encodeURIComponent(future)}`, {
      token: a1.token,
    })
    expect(none.body.data.total).toBe(0)
    const past = new Date(t.clock.now().getTime() - 3_600_000).toISOString()
    const until = await c.get(`/admin/audit-log?adminId=${a1.id}&to=${encodeURIComponent(past)}`, {
      token: a1.token,
    })
    expect(until.body.data.total).toBe(0)

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/audit-log/csv?adminId=${a1.id}`,
      headers: { authorization: `Bearer ${a2.token}` },
    })
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toMatch(/^text\/csv/)
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="bookstrut-audit-/)
    const lines = csv.body.trim().split('\n')
    expect(lines[0]).toBe('time,id,admin_id,admin_email,action,target_type,target_id,before,after,request_id')
    expect(lines).toHaveLength(4)
    expect(lines[1]).toContain(`,user.block,user,${targets[2]!.id},`)
    // JSON cells are quoted with their quotes doubled, as RFC 4180 says.
    expect(lines[1]).toContain('"{""role"":""reader"",""isBlocked"":false,""blockNotes"":""""}"')
  })
})

describe('users', () => {
  it('finds accounts by part of the name or e-mail, by role and by status', async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const tag = newId().slice(-8)
    const ada = await buildUser(t.app.db, { role: 'author' })
    await t.app.db
      .updateTable('users')
      .set({ first_name: `Ada${tag}`, last_name: 'Lovelace' })
      .where('id', '=', ada.id)
      .execute()
    const bob = await buildUser(t.app.db, { role: 'reader', blocked: true })
    await t.app.db
      .updateTable('users')
      .set({ email: `bob.${tag}@example.org` })
      .where('id', '=', bob.id)
      .execute()
    const c = api()
    const ids = async (query: string) =>
      (await c.get(`/admin/users?${query}`, { token: admin.token })).body.data.items.map(
        (u: { id: string }) => u.id,
      )
    expect(await ids(`q=${encodeURIComponent(`ada${tag} love`)}`)).toEqual([ada.id])
    expect(await ids(`q=bob.${tag}`)).toEqual([bob.id])
    expect(await ids(`q=${tag}&role=author`)).toEqual([ada.id])
    expect(await ids(`q=${tag}&status=blocked`)).toEqual([bob.id])
    expect(await ids(`q=${tag}&status=active`)).toEqual([ada.id])
    // LIKE's wildcards are taken literally.
    expect(await ids('q=%25')).toEqual([])
  })

  it("shows an account's listings, plan and the reports against its listings", async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const owner = await buildUser(t.app.db, { role: 'publisher' })
    const listing = await buildListing(t.app.db, { create_by: owner.id, title: 'Reported Book' })
    await report(listing.id)
    await report(listing.id)
    const res = await api().get(`/admin/user?userId=${owner.id}`, { token: admin.token })
    expect(res.status).toBe(200)
    expect(res.body.data.user).toMatchObject({ id: owner.id, role: 'publisher', isBlocked: false })
    expect(res.body.data.listings).toEqual([
      expect.objectContaining({ id: listing.id, title: 'Reported Book', status: 1, isActive: true }),
    ])
    expect(res.body.data.reports).toEqual([
      expect.objectContaining({ podcastId: listing.id, reportTypeId: SPAM, reports: 2, openReports: 2 }),
    ])
    expect((await api().get(`/admin/user?userId=${newId()}`, { token: admin.token })).status).toBe(404)
  })

  it(AUDIT_TESTS['POST /admin/block/user']!, async () => {
    const { admin, target } = await adminAndTarget({ role: 'author' })
    const c = api()
    const asAdmin = as(admin, c)
    const res = await asAdmin.post('/admin/block/user', {
      userId: target.id,
      notes: 'Please stop posting spam.',
    })
    expect(res.status).toBe(200)
    const [entry, ...more] = await entries({ targetId: target.id })
    expect(more).toEqual([])
    expect(entry).toMatchObject({
      admin_id: admin.id,
      action: 'user.block',
      target_type: 'user',
      before: { role: 'author', isBlocked: false, blockNotes: '' },
      after: { role: 'author', isBlocked: true, blockNotes: 'Please stop posting spam.' },
    })
    expect(entry!.request_id).toBe(res.headers['x-request-id'])
    // The blocked user's next write is refused with the note (the client's blocked dialog shows it).
    const write = await c.post('/admin/block/user', { userId: admin.id, notes: 'x' }, { token: target.token })
    expect(write.status).toBe(403)
    const own = await c.put('/update/user', { userId: target.id, first_name: 'New' }, { token: target.token })
    expect(own.body).toMatchObject({
      code: 'BLOCKED',
      data: { isBlocked: true, notes: 'Please stop posting spam.' },
    })
    // The same block again changes nothing and writes nothing.
    await asAdmin.post('/admin/block/user', { userId: target.id, notes: 'Please stop posting spam.' })
    expect(await entries({ targetId: target.id })).toHaveLength(1)
  })

  it(AUDIT_TESTS['POST /admin/unblock/user']!, async () => {
    const { admin, target } = await adminAndTarget({ blocked: true })
    const c = as(admin)
    expect((await c.post('/admin/unblock/user', { userId: target.id })).status).toBe(200)
    await c.post('/admin/unblock/user', { userId: target.id })
    const log = await entries({ targetId: target.id })
    expect(log.map((e) => [e.action, e.before, e.after])).toEqual([
      [
        'user.unblock',
        { role: 'reader', isBlocked: true, blockNotes: 'Blocked in a test' },
        { role: 'reader', isBlocked: false, blockNotes: '' },
      ],
    ])
  })

  it('refuses to block oneself, another admin or nobody, with clear messages and no entry', async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const other = await buildUser(t.app.db, { role: 'admin' })
    const c = api()
    const self = await c.post('/admin/block/user', { userId: admin.id, notes: 'x' }, { token: admin.token })
    expect([self.status, self.body.message]).toEqual([403, 'You cannot block your own account.'])
    const peer = await c.post('/admin/block/user', { userId: other.id, notes: 'x' }, { token: admin.token })
    expect([peer.status, peer.body.message]).toEqual([
      403,
      'Admin accounts cannot be blocked. Change their role first.',
    ])
    const nobody = await c.post('/admin/block/user', { userId: newId(), notes: 'x' }, { token: admin.token })
    expect(nobody.status).toBe(404)
    expect([...(await entries({ targetId: admin.id })), ...(await entries({ targetId: other.id }))]).toEqual(
      [],
    )
  })

  it(AUDIT_TESTS['PUT /admin/user/role']!, async () => {
    const { admin, target } = await adminAndTarget({ role: 'reader' })
    const c = as(admin)
    const res = await c.put('/admin/user/role', { userId: target.id, role: 'publisher' })
    expect(res.status).toBe(200)
    expect(res.body.data.role).toBe('publisher')
    await c.put('/admin/user/role', { userId: target.id, role: 'publisher' })
    const log = await entries({ targetId: target.id })
    expect(
      log.map((e) => [e.action, (e.before as { role: string }).role, (e.after as { role: string }).role]),
    ).toEqual([['user.role', 'reader', 'publisher']])
  })

  it('refuses to change one’s own role or demote the last admin, even when two admins demote each other at once', async () => {
    // "The last admin" counts every admin of the database: this test needs one of its own.
    const fresh = await buildTestApp({}, undefined, { start: false })
    try {
      const c = client(fresh.app)
      const a = await buildUser(fresh.app.db, { role: 'admin' })
      const b = await buildUser(fresh.app.db, { role: 'admin' })
      const self = await c.put('/admin/user/role', { userId: a.id, role: 'reader' }, { token: a.token })
      expect([self.status, self.body.message]).toEqual([403, 'You cannot change your own role.'])
      const [ab, ba] = await Promise.all([
        c.put('/admin/user/role', { userId: b.id, role: 'reader' }, { token: a.token }),
        c.put('/admin/user/role', { userId: a.id, role: 'reader' }, { token: b.token }),
      ])
      const statuses = [ab.status, ba.status].sort()
      // One wins; the loser is either the last admin's 409 or, having been demoted meanwhile, no admin any more (403).
      expect(statuses[0]).toBe(200)
      expect([403, 409]).toContain(statuses[1])
      const admins = await fresh.app.db.selectFrom('users').select('id').where('role', '=', 'admin').execute()
      expect(admins).toHaveLength(1)
      const last = admins[0]!.id
      const other = last === a.id ? b : a
      const lastToken = last === a.id ? a.token : b.token
      const blockedUser = await buildUser(fresh.app.db, { blocked: true })
      const promote = await c.put(
        '/admin/user/role',
        { userId: blockedUser.id, role: 'admin' },
        { token: lastToken },
      )
      expect([promote.status, promote.body.message]).toEqual([
        409,
        'Unblock the account before making it an admin.',
      ])
      expect(other.id).not.toBe(last)
      const entriesThere = await fresh.app.db.selectFrom('admin_audit_log').select('action').execute()
      expect(entriesThere).toEqual([{ action: 'user.role' }])
    } finally {
      await fresh.close()
    }
  })
})

describe('reports', () => {
  it('groups reports by title and type, newest first, open or resolved', async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const older = await buildListing(t.app.db, { title: 'Older' })
    const newer = await buildListing(t.app.db, { title: 'Newer' })
    await report(older.id, SPAM)
    await report(older.id, SPAM)
    await report(older.id, COPYRIGHT)
    await new Promise((r) => setTimeout(r, 5))
    await report(newer.id, SPAM)
    const res = await api().get('/admin/reports?status=open&limit=100', { token: admin.token })
    const mine = res.body.data.items.filter((g: { podcastId: string }) =>
      [older.id, newer.id].includes(g.podcastId),
    )
    expect(
      mine.map((g: { title: string; type: string; reports: number }) => [g.title, g.type, g.reports]),
    ).toEqual([
      ['Newer', 'Spam or advertising', 1],
      ['Older', 'Copyright violation', 1],
      ['Older', 'Spam or advertising', 2],
    ])
    expect(mine).toHaveLength(3)
  })

  it(AUDIT_TESTS['PUT /admin/reports/resolve']!, async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const listing = await buildListing(t.app.db)
    await report(listing.id)
    await report(listing.id)
    const c = api()
    const body = { podcastId: listing.id, reportTypeId: SPAM, note: 'Not spam: a giveaway.', action: 'none' }
    const res = await c.put('/admin/reports/resolve', body, { token: admin.token })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ resolved: 2, group: { openReports: 0, reports: 2 } })
    expect(res.body.data.group.resolvedAt).not.toBeNull()
    const again = await c.put('/admin/reports/resolve', body, { token: admin.token })
    expect([again.status, again.body.message]).toEqual([409, 'These reports are already resolved.'])
    const log = await entries({ targetId: listing.id })
    expect(log).toHaveLength(1)
    expect(log[0]).toMatchObject({
      action: 'report.resolve',
      before: { openReports: 2, listingActive: true, ownerBlocked: false },
      after: {
        openReports: 0,
        listingActive: true,
        ownerBlocked: false,
        action: 'none',
        note: 'Not spam: a giveaway.',
      },
    })
    // A new report opens the group again.
    await report(listing.id)
    const open = await c.get('/admin/reports?status=open&limit=100', { token: admin.token })
    expect(open.body.data.items.find((g: { podcastId: string }) => g.podcastId === listing.id)).toMatchObject(
      {
        openReports: 1,
        resolvedAt: null,
      },
    )
  })

  it('unpublishes the listing or blocks its owner when asked, in the same entry', async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const owner = await buildUser(t.app.db, { role: 'publisher' })
    const listing = await buildListing(t.app.db, { create_by: owner.id })
    await report(listing.id, SPAM)
    await report(listing.id, COPYRIGHT)
    const c = api()
    await c.put(
      '/admin/reports/resolve',
      { podcastId: listing.id, reportTypeId: SPAM, note: 'Taken down', action: 'unpublish' },
      { token: admin.token },
    )
    const row = await t.app.db
      .selectFrom('podcasts')
      .select('is_active')
      .where('id', '=', listing.id)
      .executeTakeFirstOrThrow()
    expect(row.is_active).toBe(false)
    t.clock.advance(1000)
    await c.put(
      '/admin/reports/resolve',
      {
        podcastId: listing.id,
        reportTypeId: COPYRIGHT,
        note: 'Repeated copyright abuse.',
        action: 'block_owner',
      },
      { token: admin.token },
    )
    const user = await userRow(owner.id)
    expect([user.is_blocked, user.block_notes]).toEqual([true, 'Repeated copyright abuse.'])
    const log = await entries({ targetId: listing.id })
    expect(log.map((e) => (e.after as { action: string }).action)).toEqual(['unpublish', 'block_owner'])
    expect(log[1]!.after).toMatchObject({ ownerBlocked: true })
  })

  it('does not resolve when the owner to block is an admin: nothing changes', async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const otherAdmin = await buildUser(t.app.db, { role: 'admin' })
    const listing = await buildListing(t.app.db, { create_by: otherAdmin.id })
    await report(listing.id)
    const res = await api().put(
      '/admin/reports/resolve',
      { podcastId: listing.id, reportTypeId: SPAM, note: 'x', action: 'block_owner' },
      { token: admin.token },
    )
    expect(res.status).toBe(403)
    const open = await t.app.db
      .selectFrom('reports')
      .select('resolved_at')
      .where('podcast_id', '=', listing.id)
      .execute()
    expect(open).toEqual([{ resolved_at: null }])
    expect(await entries({ targetId: listing.id })).toEqual([])
  })

  it(AUDIT_TESTS['POST /admin/report-type']!, async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const name = `Hate speech ${newId().slice(-6)}`
    const c = api()
    const res = await c.post('/admin/report-type', { type: name, sortOrder: 7 }, { token: admin.token })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ type: name, isActive: true, sortOrder: 7 })
    const dup = await c.post('/admin/report-type', { type: name }, { token: admin.token })
    expect([dup.status, dup.body.message]).toEqual([409, 'A report type with this name exists already.'])
    const log = await entries({ targetId: res.body.data.id })
    expect(log.map((e) => [e.action, e.before, e.after])).toEqual([
      ['report_type.create', null, res.body.data],
    ])
    // Readers are offered it.
    const offered = await c.get('/get/all/reporttype')
    expect(JSON.stringify(offered.body.data)).toContain(name)
  })

  it(AUDIT_TESTS['PUT /admin/report-type']!, async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const c = api()
    const created = await c.post(
      '/admin/report-type',
      { type: `Old name ${newId().slice(-6)}` },
      { token: admin.token },
    )
    const id = created.body.data.id
    const res = await c.put(
      '/admin/report-type',
      { reportTypeId: id, isActive: false },
      { token: admin.token },
    )
    expect(res.body.data.isActive).toBe(false)
    const log = await entries({ targetId: id, action: 'report_type.update' })
    expect(
      log.map((e) => [
        (e.before as { isActive: boolean }).isActive,
        (e.after as { isActive: boolean }).isActive,
      ]),
    ).toEqual([[true, false]])
    const taken = await c.put(
      '/admin/report-type',
      { reportTypeId: id, type: 'Other' },
      { token: admin.token },
    )
    expect(taken.status).toBe(409)
    expect(
      (await c.put('/admin/report-type', { reportTypeId: newId(), sortOrder: 1 }, { token: admin.token }))
        .status,
    ).toBe(404)
  })
})

describe('the Top 20', () => {
  it('shows the current ranking with each title’s engagement, days in the Top 20 and page views', async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const [first, second] = [
      await buildListing(t.app.db, { title: 'First' }),
      await buildListing(t.app.db, { title: 'Second' }),
    ]
    const rank = (at: Date) =>
      t.app.db.transaction().execute((trx) =>
        top20Repo.saveRanking(trx, {
          id: newId(at.getTime()),
          computedAt: at,
          entries: [
            { bookId: first.id, score: 30, readers: 12 },
            { bookId: second.id, score: 10, readers: 4 },
          ],
        }),
      )
    await rank(new Date(Date.now() + 86_400_000))
    await rank(new Date(Date.now() + 2 * 86_400_000))
    // Views of the first title's page: one visitor twice in a half hour (once), another, and one 10 days ago.
    const now = t.clock.now().getTime()
    const view = (visitor: string, msAgo: number) => ({
      id: randomUUID(),
      type: 'page_view' as const,
      ts: new Date(now - msAgo).toISOString(),
      podcastId: '' as const,
      page: `/single-book/${first.id}`,
      episodeId: null,
      userId: null,
      anonymousId: `${visitor.repeat(16)}-0`,
    })
    // Visitor a's two views fall in one clock-aligned half hour (the previous one, wholly past), whatever the time:
    // "1 and 2 minutes ago" straddled :00 or :30 when the suite ran a minute or two after it, and counted twice.
    const halfHour = 1_800_000
    const previousHalfHourAgo = now - (Math.floor(now / halfHour) * halfHour - halfHour)
    await insertEvents(
      await t.app.analytics.ready(),
      [
        view('a', previousHalfHourAgo - 60_000),
        view('a', previousHalfHourAgo - 120_000),
        view('b', 60_000),
        view('c', 10 * 86_400_000),
      ],
      new Date(),
    )
    const res = await api().get('/admin/top20', { token: admin.token })
    expect(res.body.data.entries).toEqual([
      {
        position: 1,
        podcastId: first.id,
        title: 'First',
        score: 30,
        readers: 12,
        daysInTop20: 2,
        views7d: 2,
        views30d: 3,
      },
      {
        position: 2,
        podcastId: second.id,
        title: 'Second',
        score: 10,
        readers: 4,
        daysInTop20: 2,
        views7d: 0,
        views30d: 0,
      },
    ])
  })

  it(AUDIT_TESTS['PUT /admin/top20/held']!, async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const listing = await buildListing(t.app.db, { title: 'Suspicious' })
    await heldBook(listing.id)
    const c = api()
    const held = async () =>
      (await c.get('/admin/top20/held?limit=100', { token: admin.token })).body.data.find(
        (h: { podcastId: string }) => h.podcastId === listing.id,
      )
    expect(await held()).toMatchObject({ title: 'Suspicious', reason: 'anonymous_majority', decision: null })
    const res = await c.put(
      '/admin/top20/held',
      { podcastId: listing.id, decision: 'release' },
      { token: admin.token },
    )
    expect(res.status).toBe(200)
    await c.put('/admin/top20/held', { podcastId: listing.id, decision: 'release' }, { token: admin.token })
    expect(await held()).toMatchObject({ decision: 'release', decidedUntil: res.body.data.decidedUntil })
    const released = await t.app.db
      .selectFrom('top20_releases')
      .selectAll()
      .where('podcast_id', '=', listing.id)
      .execute()
    expect(released.map((r) => r.decision)).toEqual(['release'])
    t.clock.advance(1000)
    await c.put('/admin/top20/held', { podcastId: listing.id, decision: 'keep' }, { token: admin.token })
    const log = await entries({ targetId: listing.id })
    expect(log.map((e) => e.action)).toEqual(['top20.release', 'top20.keep'])
    expect(log[0]!.before).toBeNull()
    expect(
      (await c.put('/admin/top20/held', { podcastId: newId(), decision: 'keep' }, { token: admin.token }))
        .status,
    ).toBe(404)
  })
})

describe('moderation and plans', () => {
  it(AUDIT_TESTS['PUT /admin/podcast/status']!, async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const listing = await buildListing(t.app.db, { status: 0 })
    const c = api()
    const res = await c.put(
      '/admin/podcast/status',
      { podcastId: listing.id, status: 2, statusComment: 'Cover is blurry' },
      { token: admin.token },
    )
    expect(res.status).toBe(200)
    const noComment = await c.put(
      '/admin/podcast/status',
      { podcastId: listing.id, status: 2 },
      { token: admin.token },
    )
    expect(noComment.status).toBe(400)
    const log = await entries({ targetId: listing.id })
    expect(log.map((e) => [e.action, e.before, e.after])).toEqual([
      ['listing.moderate', { status: 0, statusComment: '' }, { status: 2, statusComment: 'Cover is blurry' }],
    ])
  })

  it(AUDIT_TESTS['PUT /admin/membership/plan']!, async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const c = api()
    const res = await c.put(
      '/admin/membership/plan',
      { planId: ESSENTIAL_PLAN, price: 6.49 },
      { token: admin.token },
    )
    expect(res.status).toBe(200)
    const bad = await c.put(
      '/admin/membership/plan',
      { planId: ESSENTIAL_PLAN, price: 0.5 },
      { token: admin.token },
    )
    expect([bad.status, bad.body.message]).toEqual([400, 'price: a paid plan costs at least 1.00 a month'])
    const log = await entries({ targetId: ESSENTIAL_PLAN, action: 'plan.update' })
    expect(log.at(-1)).toMatchObject({
      admin_id: admin.id,
      after: { price: 6.49, status: true, bookLimit: 2 },
    })
    const shown = await c.get('/get/all/memberships?status=true')
    expect(shown.body.data.find((p: { _id: string }) => p._id === ESSENTIAL_PLAN).price).toBe(6.49)
    await c.put('/admin/membership/plan', { planId: ESSENTIAL_PLAN, price: 5.99 }, { token: admin.token })
  })
})

describe('content writes', () => {
  /** Each content kind: its route noun and audit target, a body to create one, and a change of one field. */
  const KINDS: Array<{
    kind: string
    targetType: string
    create: Record<string, unknown>
    change: Record<string, unknown>
    field: string
  }> = [
    {
      kind: 'faq',
      targetType: 'faq',
      create: { question: 'Audited?', answer: '<p>Yes.</p>' },
      change: { order: 9 },
      field: 'order',
    },
    {
      kind: 'blog',
      targetType: 'blog_post',
      create: { title: 'Audited post', content: '<p>Hi</p>' },
      change: { title: 'Audited post, renamed' },
      field: 'title',
    },
    {
      kind: 'information',
      targetType: 'information_page',
      create: {
        path: `audited-${newId()}`,
        information_name: 'Audited',
        information_Description: '',
        placeArea: 'menu',
      },
      change: { information_name: 'Audited, renamed' },
      field: 'information_name',
    },
  ]

  it(CONTENT_AUDIT_TEST, async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const reader = await buildUser(t.app.db, { role: 'reader' })
    const c = api()
    const as = { token: admin.token }
    for (const k of KINDS) {
      const made = await c.post(`/create/${k.kind}`, k.create, as)
      expect(made.status, JSON.stringify(made.body)).toBe(200)
      const id: string = made.body.data._id
      const log = () => entries({ targetId: id })
      expect(await log()).toMatchObject([
        { admin_id: admin.id, action: `${k.kind}.create`, target_type: k.targetType, before: null },
      ])
      expect((await log())[0]!.after).not.toHaveProperty('updatedAt')
      expect((await log())[0]!.request_id).toBe(made.headers['x-request-id'])

      // Refused and invalid writes leave no entry.
      const url = `/update/${k.kind}?id=${id}`
      expect((await c.put(url, k.change, { token: reader.token })).status).toBe(403)
      expect((await c.put(url, { ...k.change, role: 'admin' }, as)).status).toBe(400)
      expect((await c.put(`/update/${k.kind}?id=${newId()}`, k.change, as)).status).toBe(404)
      expect(await log()).toHaveLength(1)

      // A change: one entry with before and after; the same change again: none.
      t.clock.advance(1000)
      expect((await c.put(url, k.change, as)).status).toBe(200)
      expect((await c.put(url, k.change, as)).status).toBe(200)
      const [, updated, ...more] = await log()
      expect(more).toEqual([])
      expect(updated).toMatchObject({ action: `${k.kind}.update`, after: { [k.field]: k.change[k.field] } })
      expect((updated!.before as Record<string, unknown>)[k.field]).not.toEqual(k.change[k.field])

      // A delete records what was there; deleting it again is a 404 and records nothing.
      t.clock.advance(1000)
      expect((await c.delete(`/delete/${k.kind}?id=${id}`, as)).status).toBe(200)
      expect((await c.delete(`/delete/${k.kind}?id=${id}`, as)).status).toBe(404)
      expect((await log()).map((e) => [e.action, e.after])).toEqual([
        [`${k.kind}.create`, updated!.before],
        [`${k.kind}.update`, updated!.after],
        [`${k.kind}.delete`, null],
      ])
      expect((await log())[2]!.before).toEqual(updated!.after)
    }
  })

  it('lists every information page for the editor, unpublished ones with their HTML too; the public list only the published', async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const as = { token: admin.token }
    const path = `draft-${newId()}`
    const made = await api().post(
      '/create/information',
      {
        path,
        information_name: 'Draft page',
        information_Description: '<p>Soon.</p><script>alert(1)</script>',
        placeArea: 'menu',
        isActive: false,
      },
      as,
    )
    expect(made.status).toBe(200)
    const all = await api().get('/admin/information', as)
    expect(all.status).toBe(200)
    expect(all.body.data.find((p: { path: string }) => p.path === path)).toMatchObject({
      information_name: 'Draft page',
      information_Description: '<p>Soon.</p>',
      isActive: false,
      placeArea: 'menu',
    })
    const links = await api().get('/get/all/information')
    expect(links.body.data.map((p: { path: string }) => p.path)).not.toContain(path)
  })

  it('records a settings change once, with the settings before and after; a refused or invalid one not at all', async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const reader = await buildUser(t.app.db, { role: 'reader' })
    const c = api()
    const as = { token: admin.token }
    const log = () => entries({ action: 'settings.update' })
    const video = `https://example.com/${newId()}.mp4`
    const before = (await log()).length
    expect((await c.put('/update/settings', { homePageMedia: video }, { token: reader.token })).status).toBe(
      403,
    )
    expect((await c.put('/update/settings', { YouTube: 'javascript:alert(1)' }, as)).status).toBe(400)
    expect((await log()).length).toBe(before)
    expect((await c.put('/update/settings', { homePageMedia: video }, as)).status).toBe(200)
    expect((await c.put('/update/settings', { homePageMedia: video }, as)).status).toBe(200)
    const added = (await log()).slice(before)
    expect(added).toHaveLength(1)
    expect(added[0]).toMatchObject({
      admin_id: admin.id,
      target_type: 'settings',
      after: [{ homePageMedia: video }],
    })
    expect((added[0]!.before as Array<{ homePageMedia: string }>)[0]!.homePageMedia).not.toBe(video)
  })
})
