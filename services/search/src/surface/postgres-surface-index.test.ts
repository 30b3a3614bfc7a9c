import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildUser } from '@bookstrut/accounts/testing'
import { ghostsRepo, booksRepo } from '@bookstrut/catalogue'
import type { Db, ListingStatus } from '@bookstrut/core'
import { buildListing, createTestDb, listingRow } from '@bookstrut/core/testing'
import { createPostgresSurfaceIndex } from './postgres-surface-index.js'
import type { SurfaceIndex } from './surface-index.js'

// The PostgreSQL index reads stored vectors (podcast_search_documents) that a trigger keeps in step with
// `podcasts`: these tests change listings the ways the app does and check that a search sees each change at
// once, with nothing else to call (upsert and remove do nothing for this index).

let testDb: Awaited<ReturnType<typeof createTestDb>> | undefined
let db: Db
let index: SurfaceIndex
let ownerId: string

beforeAll(async () => {
  testDb = await createTestDb('search')
  db = testDb.db
  index = createPostgresSurfaceIndex(db)
  ownerId = (await buildUser(db, { role: 'publisher' })).id
})
afterAll(async () => {
  await testDb?.drop()
})

async function listing(fields: { title: string; description: string; status?: ListingStatus }) {
  const row = await buildListing(db, { create_by: ownerId, author: 'Ada Writer', ...fields })
  return row.id
}

/** `count` public listings with the same title, in one statement. */
async function manyListings(count: number, title: string) {
  const now = new Date()
  const rows = Array.from({ length: count }, () =>
    listingRow(ownerId, {
      title,
      author: 'Jam Maker',
      description: 'Oranges and sugar.',
      created_at: now,
      updated_at: now,
    }),
  )
  await db.insertInto('podcasts').values(rows).execute()
  return rows.map((r) => r.id)
}

const search = (term: string) => index.search({ term, offset: 0, limit: 10 })

describe('postgres surface index kept by its trigger', () => {
  it('finds a pending listing only once it is approved', async () => {
    const id = await listing({ title: 'The Glasshouse', description: 'Orchids and secrets.', status: 0 })
    expect(await search('glasshouse')).toEqual({ ids: [], total: 0 })
    await booksRepo.updateBook(db, id, { status: 1, updated_at: new Date() })
    expect(await search('glasshouse')).toEqual({ ids: [id], total: 1 })
  })

  it('searches the edited text, not the old one', async () => {
    const id = await listing({ title: 'Copperfield Lanes', description: 'A walk through the old mill.' })
    await booksRepo.updateBook(db, id, { title: 'Silverfield Lanes', updated_at: new Date() })
    expect(await search('copperfield')).toEqual({ ids: [], total: 0 })
    expect(await search('silverfield')).toEqual({ ids: [id], total: 1 })
  })

  it('hides a listing taken down and shows it again when re-activated', async () => {
    const id = await listing({ title: 'Marigold Harbour', description: 'Boats at dawn.' })
    await booksRepo.updateBook(db, id, { is_active: false, updated_at: new Date() })
    expect(await search('marigold')).toEqual({ ids: [], total: 0 })
    await booksRepo.updateBook(db, id, { is_active: true, updated_at: new Date() })
    expect(await search('marigold')).toEqual({ ids: [id], total: 1 })
  })

  it('forgets a deleted listing, in full text and in typo-forgiven matches', async () => {
    const id = await listing({ title: 'Quillington Manor', description: 'A house of many clocks.' })
    expect((await search('quilington')).ids).toEqual([id])
    await db.deleteFrom('podcasts').where('id', '=', id).execute()
    expect(await search('quillington')).toEqual({ ids: [], total: 0 })
    expect(await search('quilington')).toEqual({ ids: [], total: 0 })
  })

  it('widens a misspelt word to every book holding a word within its budget, with the total of them all', async () => {
    const many = await manyListings(1200, 'Marmalade Skies')
    const found = await index.search({ term: 'marmaladde skies', offset: 0, limit: 10 })
    expect(found.total).toBe(1200)
    expect(many).toEqual(expect.arrayContaining(found.ids))
    expect(found.ids).toHaveLength(10)
  })

  it('learns the words of a book when it becomes public or is edited, to forgive typos of them', async () => {
    const id = await listing({ title: 'Zephyrine Gardens', description: 'Terraces of thyme.', status: 0 })
    expect(await search('zephyrime')).toEqual({ ids: [], total: 0 })
    await booksRepo.updateBook(db, id, { status: 1, updated_at: new Date() })
    expect(await search('zephyrime')).toEqual({ ids: [id], total: 1 })
    await booksRepo.updateBook(db, id, { description: 'Terraces of rosemary.', updated_at: new Date() })
    expect(await search('rosemery')).toEqual({ ids: [id], total: 1 })
  })

  it('keeps excluded words exact and asks nothing of stop words', async () => {
    const id = await listing({ title: 'Quicksilver Orchard', description: 'Pears in the frost.' })
    expect(await search('quicksilvr the')).toEqual({ ids: [id], total: 1 })
    expect(await search('quicksilvr -frost')).toEqual({ ids: [], total: 0 })
    expect(await search('quicksilvr -frots')).toEqual({ ids: [id], total: 1 })
    expect(await search('the of')).toEqual({ ids: [], total: 0 })
  })

  it("leaves the reader's ghosted titles out of typo-forgiven matches too", async () => {
    const id = await listing({ title: 'Brambleworth Hall', description: 'A house of hedges.' })
    const reader = (await buildUser(db)).id
    await ghostsRepo.addGhost(db, { userId: reader, bookId: id, episodeId: null, now: new Date() })
    expect(await index.search({ term: 'bramblewort', offset: 0, limit: 10, readerId: reader })).toEqual({
      ids: [],
      total: 0,
    })
    expect(await search('bramblewort')).toEqual({ ids: [id], total: 1 })
  })

  it('keeps the total when the page asked for is past the last match', async () => {
    await listing({ title: 'Lantern Bay', description: 'Fog rolls in.' })
    expect(await index.search({ term: 'lantern bay', offset: 10, limit: 10 })).toEqual({ ids: [], total: 1 })
    expect(await index.search({ term: 'lanterm', offset: 10, limit: 10 })).toEqual({ ids: [], total: 1 })
  })
})
