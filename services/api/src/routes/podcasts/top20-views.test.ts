import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildUser } from '@bookstrut/accounts/testing'
import { buildListing, until } from '@bookstrut/core/testing'
import { buildTestApp, type TestApp } from '../../test/test-app.js'
import { client } from '../../test/api-client.js'
import { analyticsOf, storedEvents } from '../../test/analytics-probe.js'

// A title shown in the home page's Top 20 is a view, as one listed in search results is (docs/analytics.md,
// "What a view is"): GET /home/page queues one impression in `top20` mode for each title it answers, with its
// place in the list, and none for titles it does not answer.

let t: TestApp
const ids: string[] = []

beforeAll(async () => {
  t = await buildTestApp()
  const base = Date.UTC(2026, 0, 1)
  // No ranking yet: the section shows the newest approved titles, newest first.
  for (let i = 0; i < 3; i++) {
    const row = await buildListing(t.app.db, { title: `Top ${i}`, created_at: new Date(base + i * 60_000) })
    ids.unshift(row.id)
  }
  await buildListing(t.app.db, { title: 'Pending', status: 0 })
})
afterAll(async () => t?.close())

describe('views from the Top 20', () => {
  it('queues an impression in top20 mode for each title answered, ranked by its place, and none for the rest', async () => {
    const reader = await buildUser(t.app.db)
    const api = client(t.app)
    const first = await api.get(`/home/page?page=1&limit=2&userid=${reader.id}`, { token: reader.token })
    expect(first.status).toBe(200)
    expect(first.body.data.data.map((p: { _id: string }) => p._id)).toEqual(ids.slice(0, 2))
    const second = await api.get('/home/page?page=2&limit=2')
    expect(second.body.data.data.map((p: { _id: string }) => p._id)).toEqual(ids.slice(2, 3))

    const store = await analyticsOf(t)
    try {
      await until('views stored', async () => (await storedEvents(store, ids)).length >= 3, 20_000)
      const stored = await storedEvents(store, ids)
      expect(stored.map((e) => [e.type, e.podcast_id, e.search_mode, e.search_rank])).toEqual([
        ['impression', ids[0], 'top20', 1],
        ['impression', ids[1], 'top20', 2],
        ['impression', ids[2], 'top20', 3],
      ])
      // The signed-in reader's views are theirs; the anonymous page's are nobody's account.
      expect(stored.slice(0, 2).map((e) => e.user_id)).toEqual([reader.id, reader.id])
      expect(stored[2]?.user_id).toBe('')
    } finally {
      await store.close()
    }
  })

  it('counts nothing for a refused request (a forged userid is 403)', async () => {
    const reader = await buildUser(t.app.db)
    const other = await buildUser(t.app.db)
    const store = await analyticsOf(t)
    try {
      const before = (await storedEvents(store, ids)).length
      const res = await client(t.app).get(`/home/page?userid=${other.id}`, { token: reader.token })
      expect(res.status).toBe(403)
      // A later accepted page proves the queue ran past the refused one.
      await client(t.app).get('/home/page?limit=1')
      await until(
        'the later view stored',
        async () => (await storedEvents(store, ids)).length >= before + 1,
        20_000,
      )
      expect((await storedEvents(store, ids)).length).toBe(before + 1)
    } finally {
      await store.close()
    }
  })
})
