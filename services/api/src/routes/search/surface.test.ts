import { afterAll, beforeAll, expect, it } from 'vitest'
import { booksRepo } from '@bookstrut/catalogue'
import { buildListing } from '@bookstrut/core/testing'
import { createMeiliSurfaceIndex, surfaceSearch, toSurfaceBook, type SurfaceIndex } from '@bookstrut/search'
import { MeiliStandIn } from '@bookstrut/search/testing'
import { buildTestApp, type TestApp } from '../../test/test-app.js'

// What the route does with an index's answer. An external index (Meilisearch) lags the database by a job: here
// the real Meilisearch adapter, against the protocol stand-in from services/search (no Meilisearch binary
// exists here), still holds books that were rejected or deleted since they were indexed.

let t: TestApp
let meili: MeiliStandIn
let index: SurfaceIndex
beforeAll(async () => {
  t = await buildTestApp()
  meili = await new MeiliStandIn().start()
  index = createMeiliSurfaceIndex({
    url: meili.url,
    key: undefined,
    indexUid: 'books_lagging',
    taskTimeoutMs: 5_000,
  })
  await index.ensureSettings()
})
afterAll(async () => {
  await index?.close()
  await meili?.stop()
  await t?.close()
})

it("keeps the index's order and leaves out listings no longer public or gone", async () => {
  const first = await buildListing(t.app.db, { title: 'Alpha', description: 'A lighthouse story.' })
  const second = await buildListing(t.app.db, { title: 'Beta', description: 'A lighthouse story.' })
  const rejected = await buildListing(t.app.db, { title: 'Gamma', description: 'A lighthouse story.' })
  const gone = await buildListing(t.app.db, { title: 'Delta', description: 'A lighthouse story.' })
  // Indexed while public, in an order of its own (the stand-in answers in the order it was given).
  await index.upsert(
    [second, rejected, gone, first].map((b) => toSurfaceBook({ ...b, owner_blocked: false })),
  )
  // Then rejected and deleted in PostgreSQL, before any job brought the index in line.
  await booksRepo.updateBook(t.app.db, rejected.id, { status: 2, updated_at: new Date() })
  await t.app.db.deleteFrom('podcasts').where('id', '=', gone.id).execute()

  expect(await index.search({ term: 'lighthouse', offset: 0, limit: 10 })).toEqual({
    ids: [second.id, rejected.id, gone.id, first.id],
    total: 4,
  })
  const page = await surfaceSearch(t.app.db, index, { term: 'lighthouse', page: 1, limit: 10 }, null)
  expect(page.data.map((p) => p._id)).toEqual([second.id, first.id])
  expect(page).toMatchObject({ total: 4, currentPage: 1, pageSize: 10 })
})
