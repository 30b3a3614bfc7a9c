import { afterAll, beforeAll } from 'vitest'
import { buildUser } from '@bookstrut/accounts/testing'
import { top20Repo } from '@bookstrut/analytics'
import { createBlogPost, createFaq, createInformationPage } from '@bookstrut/content'
import { newId } from '@bookstrut/core'
import { buildListing } from '@bookstrut/core/testing'
import { topicCandidatesRepo } from '@bookstrut/search'
import { buildTestApp, type TestApp } from './test-app.js'
import { client } from './api-client.js'

/*
 * What the admin console's test files share (services/api/src/routes/admin/admin-*.test.ts, split by subject from
 * one admin.test.ts): the app, the callers, reports, held Top 20 places, the audit log's entries, and the sample
 * request of every admin route.
 */

/** The app of the test file: set by useAdminApp's beforeAll (an ES module binding, so importers see it). */
export let t: TestApp

/** One app for the test file that calls this, on a fresh database (workers not started), closed after its tests. */
export function useAdminApp() {
  beforeAll(async () => {
    t = await buildTestApp({}, undefined, { start: false })
  })
  afterAll(async () => t?.close())
}

export const api = () => client(t.app)
/** An admin and the user their action is about (a reader unless `target` says otherwise). */
export const adminAndTarget = async (target: Parameters<typeof buildUser>[1] = {}) => ({
  admin: await buildUser(t.app.db, { role: 'admin' }),
  target: await buildUser(t.app.db, target),
})
export type Account = { id: string; token: string }
/** An account's row as stored now. */
export const userRow = (id: string) =>
  t.app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
/** The calls of `account`: client `c` with the account's session token on each. */
export const as = (account: Account, c = api()) => ({
  get: (url: string) => c.get(url, { token: account.token }),
  post: (url: string, body?: unknown) => c.post(url, body, { token: account.token }),
  put: (url: string, body?: unknown) => c.put(url, body, { token: account.token }),
})
export const SPAM = '0000000000000000000000b1'
export const COPYRIGHT = '0000000000000000000000b3'
export const ESSENTIAL_PLAN = '0000000000000000000000a2'

export const entries = (filter: { targetId?: string; action?: string } = {}) => {
  let q = t.app.db.selectFrom('admin_audit_log').selectAll()
  if (filter.targetId) q = q.where('target_id', '=', filter.targetId)
  if (filter.action) q = q.where('action', '=', filter.action)
  return q.orderBy('created_at').orderBy('id').execute()
}
export const countEntries = async () => (await entries()).length

export async function report(podcastId: string, type = SPAM, by?: Account) {
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

export async function heldBook(bookId: string) {
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
export interface Fixture {
  admin: Account
  target: Account
  listingId: string
  faqId: string
  blogId: string
  informationId: string
  /** a pending topic candidate of the readers' words queue */
  topicCandidateId: string
}

/** An admin, a reader to act on, a listing with a report and a held place, and one entry of each content kind. */
export async function fixture(): Promise<Fixture> {
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
export const SAMPLES: Record<string, (f: Fixture) => { url: string; body?: unknown }> = {
  'GET /admin/users': () => ({ url: '/admin/users?q=test' }),
  'GET /admin/user': (f) => ({ url: `/admin/user?userId=${f.target.id}` }),
  'POST /admin/block/user': (f) => ({
    url: '/admin/block/user',
    body: { userId: f.target.id, notes: 'Spam' },
  }),
  'POST /admin/unblock/user': (f) => ({ url: '/admin/unblock/user', body: { userId: f.target.id } }),
  'PUT /admin/user/role': (f) => ({ url: '/admin/user/role', body: { userId: f.target.id, role: 'author' } }),
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

export const CONTENT_AUDIT_TEST =
  'each content write (FAQ, blog, information page, settings) writes one entry; a refused, invalid or no-op one none'

/** Every admin write and the test that proves it leaves one audit entry (admin-*.test.ts): a new write route needs a row. */
export const AUDIT_TESTS: Record<string, string> = {
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
export function adminRoutesOfDocument(): string[] {
  return t.app
    .routePolicies()
    .filter((r) => r.url.startsWith('/api/v1/') && r.method !== 'HEAD' && r.policy?.label === 'admin')
    .map((r) => `${r.method} ${r.url.replace(/^\/api\/v1/, '')}`)
}
export const isWrite = (route: string) => !route.startsWith('GET ')
