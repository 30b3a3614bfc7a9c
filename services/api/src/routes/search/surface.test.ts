import { afterAll, beforeAll, expect, it } from 'vitest'
import { newId, podcastsRepo, type ListingStatus } from '@bookstrut/core'
import type { SurfaceIndex } from '@bookstrut/search'
import { buildTestApp, type TestApp } from '../../test/test-app.js'
import { buildUser } from '../../test/accounts.js'
import { surfaceSearch } from './surface.js'

// What the route does with an index's answer, whichever index gave it. An external index (Meilisearch) can
// lag the database by a job; this index answers fixed ids the way a lagging one would.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => t?.close())

async function listing(title: string, status: ListingStatus = 1) {
  const owner = await buildUser(t.app.db, { role: 'publisher' })
  const id = newId()
  const now = new Date()
  await podcastsRepo.insertPodcast(t.app.db, {
    id,
    create_by: owner.id,
    title,
    author: 'Ann Author',
    category_name: 'Classics',
    description: `About ${title}.`,
    year_published: null,
    isbn: null,
    language: 'en',
    youtube_url: null,
    tiktok_url: null,
    get_this_url: null,
    book_cover_image: null,
    author_image: null,
    status,
    created_at: now,
    updated_at: now,
  })
  return id
}

const answering = (ids: string[], total: number): SurfaceIndex => ({
  name: 'meilisearch',
  search: async () => ({ ids, total }),
  upsert: async () => undefined,
  remove: async () => undefined,
  reindex: async () => ({ indexed: 0 }),
  ensureSettings: async () => undefined,
  close: async () => undefined,
})

it("keeps the index's order and leaves out listings no longer public or gone", async () => {
  const first = await listing('Alpha')
  const second = await listing('Beta')
  const rejected = await listing('Gamma', 2)
  const index = answering([second, rejected, newId(), first], 4)

  const page = await surfaceSearch(t.app.db, index, { term: 'x', page: 1, limit: 10 })
  expect(page.data.map((p) => p._id)).toEqual([second, first])
  expect(page).toMatchObject({ total: 4, currentPage: 1, pageSize: 10 })
})
