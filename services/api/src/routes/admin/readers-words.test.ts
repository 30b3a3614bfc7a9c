import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildUser } from '@bookstrut/accounts/testing'
import { newId } from '@bookstrut/core'
import { until } from '@bookstrut/core/testing'
import type { ReadersWordsItem, ReadersWordsPage, TopicSummary } from '@bookstrut/schemas'
import { refreshTopics, wordsRefusal } from '@bookstrut/search'
import { buildTestApp, type TestApp } from '../../test/test-app.js'
import { IDEA_BOOKS, writeIdeaBooks } from '../../test/idea-books.js'
import { client, nextIp } from '../../test/api-client.js'

/*
 * The moderation queue of readers' words (issue 45), the attack replayed against the running app: real Postgres,
 * Redis, the BullMQ embed and topics workers (the job every second), the idea encoder and index. Fresh accounts save
 * hateful phrases as searches through the API; readers on their own networks save a benign idea. Nothing becomes
 * public until an admin approves it through the console's calls.
 */

let t: TestApp
const books: Record<string, string> = {}
type Account = { id: string; token: string }
let admin: Account

const HATEFUL = [
  ['jews are vermin', 'heil hitler', 'white power'],
  ['nazis did nothing wrong', 'kill all jews', 'gas the jews'],
  ['g-a-s the jews', 'k1ll a11 j3ws', 'go kill yourself'],
] as const
const BENIGN = ['a school of magic', 'stranded on mars', 'a whale hunt at sea'] as const

/** Saves a search through the API (the Saved Search page's call), as `who` from `ip`. */
async function save(who: Account, ip: string, terms: readonly [string, string, string]) {
  const res = await client(t.app, ip).post(
    '/create/search/history',
    { userId: who.id, fistKeyWord: terms[0], secondKeyWord: terms[1], thirdKeyWord: terms[2] },
    { token: who.token },
  )
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}

const as = (who: Account, ip = nextIp()) => ({
  get: <T>(url: string) => client(t.app, ip).get<T>(url, { token: who.token }),
  put: <T>(url: string, body: unknown) => client(t.app, ip).put<T>(url, body, { token: who.token }),
})
const queue = async (filter = '') =>
  (await as(admin).get<ReadersWordsPage>(`/admin/readers-words?limit=100${filter}`)).body.data.items
const itemOf = async (phrase: string): Promise<ReadersWordsItem | undefined> =>
  (await queue()).find((i) => i.phrase === phrase)
const decide = (id: string, decision: string, kind = 'topic') =>
  as(admin).put<{ status: string }>('/admin/readers-words', { kind, id, decision })

/** A page as a crawler gets it (server-rendered), and the sitemap's text. */
const page = (path: string) =>
  t.app.inject({ method: 'GET', url: path, headers: { 'user-agent': 'Twitterbot/1.0' } })
const sitemap = async () => (await page('/sitemap.xml')).body
/** The home page, at an address of its own each time (a render is cached for 30 s per address). */
const home = async () => (await page(`/?from=${newId()}`)).body
const publicTopics = async () =>
  (await client(t.app).get<TopicSummary[]>('/topics')).body.data.map((s) => s.slug)

const auditOf = (targetId: string) =>
  t.app.db
    .selectFrom('admin_audit_log')
    .select(['action', 'admin_id', 'before', 'after'])
    .where('target_id', '=', targetId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()

beforeAll(async () => {
  t = await buildTestApp({}, undefined, { topicsEveryMs: 1000 })
  Object.assign(
    books,
    await writeIdeaBooks(
      t.app,
      { wizard: IDEA_BOOKS.wizard, mars: IDEA_BOOKS.mars, whale: IDEA_BOOKS.whale },
      { year_published: 2000, language: 'en-US' },
      'the books to be indexed',
    ),
  )
  admin = await buildUser(t.app.db, { role: 'admin' })

  // The attack: three fresh accounts on one address save the same hateful phrases, some spelt to slip past.
  const attackerIp = nextIp()
  for (let i = 0; i < 3; i++) {
    const sock = await buildUser(t.app.db)
    for (const terms of HATEFUL) await save(sock, attackerIp, terms)
  }
  // Real readers: three accounts on three networks (other /24s) search the same benign ideas.
  for (const net of [91, 92, 93]) await save(await buildUser(t.app.db), `10.${net}.1.5`, BENIGN)
}, 180_000)

afterAll(async () => {
  await t?.close()
})

describe('hateful topics from sock puppets (the attack of issue 45)', () => {
  it('after the topics job, no hateful phrase is a candidate, and nothing is public: not the API, the page, the sitemap or home', async () => {
    await until(
      'the topics job to queue the benign ideas',
      async () => (await itemOf(BENIGN[0])) !== undefined,
    )
    const queued = await queue('&kind=topic')
    // The filter refused every hateful phrase before the queue: they are not even there to approve by mistake.
    expect(queued.map((i) => i.phrase).sort()).toEqual([...BENIGN].sort())
    for (const phrase of HATEFUL.flat()) expect(wordsRefusal(phrase), phrase).not.toBeNull()

    expect(await publicTopics()).toEqual([])
    for (const slug of [
      'jews-are-vermin',
      'heil-hitler',
      'white-power',
      'nazis-did-nothing-wrong',
      'a-school-of-magic',
    ]) {
      expect((await client(t.app).get(`/topics/${slug}`)).status, slug).toBe(404)
      expect((await page(`/topics/${slug}`)).statusCode, slug).toBe(404)
    }
    expect(await sitemap()).not.toContain('/topics/')
    const html = await home()
    expect(html).not.toContain('/topics/')
    expect(html).not.toContain('Popular ideas')
  })
})

describe('the queue: approve, withdraw, reject', () => {
  it('shows a benign topic with its readers, networks and books; approved, it is public at once', async () => {
    const magic = (await itemOf(BENIGN[0]))!
    expect(magic).toMatchObject({
      kind: 'topic',
      status: 'pending',
      readers: 3,
      networks: 3,
      decidedAt: null,
    })
    expect(magic.books[0]).toMatchObject({ podcastId: books.wizard, title: IDEA_BOOKS.wizard.title })
    expect(magic.books[0]!.strutScore).toBeGreaterThan(0)

    const approved = await decide(magic.id, 'approve')
    expect(approved.status).toBe(200)
    expect(approved.body.data.status).toBe('approved')
    expect(await publicTopics()).toEqual(['a-school-of-magic'])
    const rendered = await page('/topics/a-school-of-magic')
    expect(rendered.statusCode).toBe(200)
    expect(rendered.body).toContain(IDEA_BOOKS.wizard.title)
    expect(await sitemap()).toContain('/topics/a-school-of-magic</loc>')
    expect(await home()).toContain('/topics/a-school-of-magic')
    // The same word again changes nothing and writes no second entry.
    expect((await decide(magic.id, 'approve')).status).toBe(200)
    expect((await auditOf(magic.id)).map((e) => [e.action, e.admin_id])).toEqual([
      ['topic.approve', admin.id],
    ])
  })

  it('withdrawn, its page answers 404 and it leaves the sitemap and home; it cannot be approved again (409)', async () => {
    const magic = (await itemOf(BENIGN[0]))!
    t.clock.advance(1000)
    const withdrawn = await decide(magic.id, 'withdraw')
    expect(withdrawn.body.data.status).toBe('withdrawn')
    expect(await publicTopics()).toEqual([])
    expect((await client(t.app).get('/topics/a-school-of-magic')).status).toBe(404)
    expect((await page('/topics/a-school-of-magic')).statusCode).toBe(404)
    expect(await sitemap()).not.toContain('/topics/a-school-of-magic')
    expect(await home()).not.toContain('/topics/a-school-of-magic')
    const again = await decide(magic.id, 'approve')
    expect(again.status).toBe(409)
    expect((await auditOf(magic.id)).map((e) => e.action)).toEqual(['topic.approve', 'topic.withdraw'])
    expect((await auditOf(magic.id))[1]).toMatchObject({
      before: { status: 'approved', phrase: 'a school of magic' },
      after: { status: 'withdrawn', phrase: 'a school of magic' },
    })
    // The job runs on: a withdrawn topic stays withdrawn and off the public set.
    await refreshTopics({ db: t.app.db, rankIdeas: (i) => t.app.ideaSearch.current.rank(i) }, new Date())
    expect((await itemOf(BENIGN[0]))?.status).toBe('withdrawn')
    expect(await publicTopics()).toEqual([])
  })

  it('a rejected phrase stays rejected after another job run, however many more readers search it', async () => {
    const mars = (await itemOf(BENIGN[1]))!
    expect((await decide(mars.id, 'reject')).body.data.status).toBe('rejected')
    for (const net of [94, 95]) await save(await buildUser(t.app.db), `10.${net}.1.5`, BENIGN)
    await refreshTopics({ db: t.app.db, rankIdeas: (i) => t.app.ideaSearch.current.rank(i) }, new Date())
    expect((await itemOf(BENIGN[1]))?.status).toBe('rejected')
    expect(await publicTopics()).not.toContain('stranded-on-mars')
    expect((await decide(mars.id, 'approve')).status).toBe(409)
    expect((await queue('&status=rejected')).map((i) => i.phrase)).toEqual([BENIGN[1]])
  })
})

describe('GET and PUT /admin/readers-words: who may, and what a forged or hostile call gets', () => {
  it('answers 403 to a reader, an author and a publisher, and changes nothing', async () => {
    const whale = (await itemOf(BENIGN[2]))!
    for (const role of ['reader', 'author', 'publisher'] as const) {
      const who = await buildUser(t.app.db, { role })
      expect((await as(who).get('/admin/readers-words')).status, role).toBe(403)
      expect(
        (await as(who).put('/admin/readers-words', { kind: 'topic', id: whale.id, decision: 'approve' }))
          .status,
      ).toBe(403)
    }
    expect((await client(t.app).get('/admin/readers-words')).status).toBe(401)
    expect((await itemOf(BENIGN[2]))?.status).toBe('pending')
    expect(await auditOf(whale.id)).toEqual([])
  })

  it('answers 404 to a forged id (unknown, or of the other kind) and 400 to hostile bodies, changing nothing', async () => {
    const whale = (await itemOf(BENIGN[2]))!
    expect((await decide(newId(), 'approve')).status).toBe(404)
    expect((await decide(whale.id, 'approve', 'found_idea')).status).toBe(404)
    const hostile: unknown[] = [
      { kind: 'topic', id: `${whale.id}' or 1=1 --`, decision: 'approve' },
      { kind: 'topic', id: [whale.id], decision: 'approve' },
      { kind: 'user', id: whale.id, decision: 'approve' },
      { kind: 'topic', id: whale.id, decision: 'publish' },
      { kind: 'topic', id: whale.id, decision: { $ne: null } },
      { kind: 'topic', id: whale.id },
      { id: whale.id, decision: 'approve' },
      'approve everything',
    ]
    for (const body of hostile) {
      const res = await as(admin).put('/admin/readers-words', body)
      // 400 naming the field; a body that is not JSON at all is 415
      expect([400, 415], JSON.stringify(body)).toContain(res.status)
      expect(res.body.success).toBe(false)
    }
    for (const q of ['?status=deleted', '?kind=user', '?limit=1000', '?page=0'])
      expect((await as(admin).get(`/admin/readers-words${q}`)).status, q).toBe(400)
    expect((await itemOf(BENIGN[2]))?.status).toBe('pending')
    expect(await auditOf(whale.id)).toEqual([])
    expect(await publicTopics()).toEqual([])
  })

  it('stops a flood: past the per-admin limit a decision is 429 and does not happen', async () => {
    const whale = (await itemOf(BENIGN[2]))!
    const flooder = await buildUser(t.app.db, { role: 'admin' })
    for (let i = 0; i < 300; i++) await t.app.limits.consume('adminPerAccount', flooder.id)
    const res = await as(flooder).put('/admin/readers-words', {
      kind: 'topic',
      id: whale.id,
      decision: 'approve',
    })
    expect(res.status).toBe(429)
    expect(res.body.code).toBe('RATE_LIMITED')
    expect((await itemOf(BENIGN[2]))?.status).toBe('pending')
    expect(await publicTopics()).toEqual([])
  })
})
