import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildUser } from '@bookstrut/accounts/testing'
import { pageViews } from '@bookstrut/analytics'
import { buildListing, until } from '@bookstrut/core/testing'
import type { Topic } from '@bookstrut/schemas'
import { topicsRepo } from '@bookstrut/search'
import { buildAnalyticsTestApp, type AnalyticsTestApp } from '../../test/analytics-app.js'
import { client } from '../../test/api-client.js'

// The page-view tracker against the real API, Redis queue, ingest worker and chDB.

const ANON_LIMIT = 20
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'
const headers = { 'user-agent': BROWSER }

let t: AnalyticsTestApp
beforeAll(async () => {
  t = await buildAnalyticsTestApp({ EVENTS_RATE_LIMIT_ANON: String(ANON_LIMIT) })
})
afterAll(async () => t?.close())

let pageSeq = 0
/** A page of its own per test: counts do not mix. */
const newPage = () => `/topics/page-view-test-${++pageSeq}-${randomUUID().slice(0, 8)}`
const viewsOf = async (path: string) =>
  (await pageViews(t.store, [path], t.clock.now())).get(path) ?? { views7d: 0, views30d: 0 }
const eventually = (path: string, views: number) =>
  until(`${views} views of ${path}`, async () => (await viewsOf(path)).views30d >= views, 20_000)

describe('POST /page-view', () => {
  it('counts a view sent again with the same id once, and one visitor once per half hour', async () => {
    const path = newPage()
    const visitor = client(t.app)
    const id = randomUUID()
    for (let i = 0; i < 2; i++) {
      const res = await visitor.post('/page-view', { id, path }, { headers })
      expect(res.status).toBe(202)
      expect(res.body.data).toEqual({ ids: [id], accepted: 1 })
    }
    // The same visitor again (a new id) within the half hour, and a signed-in reader.
    expect((await visitor.post('/page-view', { path }, { headers })).status).toBe(202)
    const reader = await buildUser(t.app.db)
    expect((await client(t.app).post('/page-view', { path }, { headers, token: reader.token })).status).toBe(
      202,
    )
    await eventually(path, 2)
    // Let a late duplicate land before the exact check.
    await new Promise((r) => setTimeout(r, 500))
    expect(await viewsOf(path)).toEqual({ views7d: 2, views30d: 2 })
    const stored = await t.store.select(
      `SELECT uniqExact(id) AS n FROM events WHERE type = 'page_view' AND podcast_id = '${path}'`,
    )
    expect(Number((stored[0] as { n: number | string }).n)).toBe(3)
  })

  it('refuses bad input with 400 and queues nothing', async () => {
    const api = client(t.app)
    for (const body of [
      {},
      { path: 'no-leading-slash' },
      { path: '/a/b/c' },
      { path: '/topics/x?utm=1' },
      { path: `/topics/${'x'.repeat(200)}` },
      { path: '/<script>' },
      { path: '/ok', extra: 1 },
      { path: '/ok', id: 'not-a-uuid' },
      { path: ['/ok'] },
    ]) {
      const res = await api.post('/page-view', body, { headers })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.success).toBe(false)
    }
    const reader = await buildUser(t.app.db)
    const other = await buildUser(t.app.db)
    const forged = await api.post(
      '/page-view',
      { path: '/ok', userId: other.id },
      { headers, token: reader.token },
    )
    expect(forged.status).toBe(403)
  })

  it('drops a known bot unseen and refuses a flood from one address with 429', async () => {
    const path = newPage()
    const bot = await client(t.app).post(
      '/page-view',
      { path },
      { headers: { 'user-agent': 'Googlebot/2.1' } },
    )
    expect(bot.status).toBe(202)
    expect(bot.body.data.accepted).toBe(0)

    const flooder = client(t.app)
    const statuses: number[] = []
    for (let i = 0; i < ANON_LIMIT + 1; i++)
      statuses.push((await flooder.post('/page-view', { path }, { headers })).status)
    expect(statuses.slice(0, ANON_LIMIT).every((s) => s === 202)).toBe(true)
    const refused = await flooder.post('/page-view', { path }, { headers })
    expect(refused.status).toBe(429)
    expect(refused.headers['retry-after']).toBeDefined()
  })

  it('shows on the topic page as its views of the last 7 and 30 days', async () => {
    const book = await buildListing(t.app.db)
    await topicsRepo.replaceTopics(
      t.app.db,
      [
        {
          slug: 'viewed-topic',
          idea: 'viewed topic',
          searchers: 3,
          books: [{ bookId: book.id, strutScore: 70 }],
        },
      ],
      new Date(),
    )
    const before = await client(t.app).get<Topic>('/topics/viewed-topic')
    expect(before.body.data.traffic).toEqual({ views7d: 0, views30d: 0 })
    for (let i = 0; i < 3; i++)
      expect(
        (await client(t.app).post('/page-view', { path: '/topics/viewed-topic' }, { headers })).status,
      ).toBe(202)
    await eventually('/topics/viewed-topic', 3)
    const after = await client(t.app).get<Topic>('/topics/viewed-topic')
    expect(after.body.data.traffic).toEqual({ views7d: 3, views30d: 3 })
  })
})
