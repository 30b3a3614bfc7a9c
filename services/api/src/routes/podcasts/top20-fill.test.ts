import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { top20Repo } from '@bookstrut/analytics'
import { newId } from '@bookstrut/core'
import { buildListing } from '@bookstrut/core/testing'
import { buildTestApp, type TestApp } from '../../test/test-app.js'
import { client } from '../../test/api-client.js'

// Issue 48: once any title had a play, the home list went from 20 cards to the few ranked ones. The ranked titles
// come first, in their order; the newest approved titles fill the list after them, up to 20.

let t: TestApp
const newest: string[] = []
let ranked: string

beforeAll(async () => {
  t = await buildTestApp()
  const base = Date.UTC(2026, 0, 1)
  for (let i = 0; i < 4; i++) {
    const row = await buildListing(t.app.db, { title: `Fill ${i}`, created_at: new Date(base + i * 60_000) })
    newest.unshift(row.id)
  }
  // The oldest title is the only one with engagement.
  ranked = newest.pop()!
  // Later than any run of the app's own top20 job during the test, so it stays the latest ranking.
  await top20Repo.saveRanking(t.app.db, {
    id: newId(),
    computedAt: new Date(Date.now() + 3_600_000),
    entries: [{ bookId: ranked, score: 1, readers: 1 }],
  })
})
afterAll(async () => t?.close())

const homeIds = async (query: string) =>
  ((await client(t.app).get(`/home/page?${query}`)).body.data.data as { _id: string }[]).map((p) => p._id)

describe('the home Top 20 with few ranked titles', () => {
  it('lists the ranked titles first, then the newest approved ones, page after page', async () => {
    expect(await homeIds('limit=20')).toEqual([ranked, ...newest])
    expect(await homeIds('page=1&limit=2')).toEqual([ranked, newest[0]])
    expect(await homeIds('page=2&limit=2')).toEqual(newest.slice(1, 3))
  })
})
