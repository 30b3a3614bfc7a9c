import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MeiliStandIn } from '../testing/meili-stand-in.js'
import { createMeiliSurfaceIndex, MEILI_SETTINGS } from './meili-surface-index.js'
import type { SurfaceBook } from './surface-index.js'

// Our client code against a stand-in speaking the Meilisearch HTTP protocol (no Meilisearch binary exists
// here). Ranking and typo tolerance are Meilisearch's: the contract suite checks those against a live server.

let meili: MeiliStandIn
let uidSeq = 0
let uid: string
beforeAll(async () => {
  meili = await new MeiliStandIn().start()
})
afterAll(async () => meili?.stop())
beforeEach(() => {
  uid = `books_${++uidSeq}`
})

const adapter = () =>
  createMeiliSurfaceIndex({ url: meili.url, key: 'test-key', indexUid: uid, taskTimeoutMs: 2_000 })

const book = (id: string, over: Partial<SurfaceBook> = {}): SurfaceBook => ({
  id,
  title: `Title ${id}`,
  author: 'Ann Author',
  ideas: ['an idea'],
  description: 'A description.',
  categoryName: 'Classics',
  language: 'en',
  year: 1851,
  public: true,
  ...over,
})

describe('Meilisearch surface index (client code, against a protocol stand-in)', () => {
  it('creates its index with primary key id and applies the settings once, waiting for both tasks', async () => {
    const index = adapter()
    await index.ensureSettings()

    expect(meili.to('POST', '/indexes').map((r) => r.body)).toEqual([{ uid, primaryKey: 'id' }])
    const patches = meili.to('PATCH', `/indexes/${uid}/settings`)
    expect(patches.map((r) => r.body)).toEqual([MEILI_SETTINGS])
    expect(MEILI_SETTINGS.searchableAttributes).toEqual(['title', 'author', 'ideas', 'description'])
    expect(MEILI_SETTINGS.filterableAttributes).toContain('public')
    expect(MEILI_SETTINGS.typoTolerance).toEqual({ enabled: true })
    // Both tasks were polled until done, so the settings are in force when ensureSettings returns.
    expect(meili.indexes.get(uid)?.settings.searchableAttributes).toEqual(MEILI_SETTINGS.searchableAttributes)
    expect(meili.requests.every((r) => r.authorization === 'Bearer test-key')).toBe(true)

    // A second start (another process) finds the index and its settings in place and changes nothing.
    const before = meili.requests.length
    await adapter().ensureSettings()
    const later = meili.requests.slice(before)
    expect(later.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /indexes/${uid}`,
      `GET /indexes/${uid}/settings`,
    ])
  })

  it('stores public books as documents and removes books that are no longer public', async () => {
    const index = adapter()
    await index.ensureSettings()
    await index.upsert([
      book('a', { ideas: ['A captain hunts a whale', 'Obsession'] }),
      book('b'),
      book('c', { public: false }),
    ])

    const [added] = meili.to('POST', `/indexes/${uid}/documents`)
    expect(added?.body).toEqual([
      { ...book('a', { ideas: ['A captain hunts a whale', 'Obsession'] }), indexedAt: expect.any(Number) },
      { ...book('b'), indexedAt: expect.any(Number) },
    ])
    expect(meili.to('POST', `/indexes/${uid}/documents/delete-batch`).map((r) => r.body)).toEqual([['c']])
    expect([...(meili.indexes.get(uid)?.docs.keys() ?? [])]).toEqual(['a', 'b'])

    await index.upsert([book('b', { public: false })])
    await index.remove(['a'])
    expect(meili.indexes.get(uid)?.docs.size).toBe(0)
  })

  it('searches public books only and maps hits to ids and an exhaustive total for whole pages', async () => {
    const index = adapter()
    await index.ensureSettings()
    await index.upsert([book('a', { title: 'Whale one' }), book('b', { title: 'Whale two' }), book('c')])

    expect(await index.search({ term: 'whale', offset: 0, limit: 10 })).toEqual({ ids: ['a', 'b'], total: 2 })
    expect(await index.search({ term: 'whale', offset: 1, limit: 1 })).toEqual({ ids: ['b'], total: 2 })
    const sent = meili.to('POST', `/indexes/${uid}/search`).map((r) => r.body)
    expect(sent[0]).toEqual({
      q: 'whale',
      filter: 'public = true',
      attributesToRetrieve: ['id'],
      page: 1,
      hitsPerPage: 10,
    })
    expect(sent[1]).toMatchObject({ page: 2, hitsPerPage: 1 })
  })

  it("leaves out a reader's ghosted titles inside Meilisearch, so the total and the pages count visible books only", async () => {
    const ghosted = new Map([['reader-1', ['b', 'q"uote']]])
    const index = createMeiliSurfaceIndex({
      url: meili.url,
      key: 'test-key',
      indexUid: uid,
      taskTimeoutMs: 2_000,
      ghostedIds: async (readerId) => ghosted.get(readerId) ?? [],
    })
    await index.ensureSettings()
    expect(meili.indexes.get(uid)?.settings.filterableAttributes).toContain('id')
    await index.upsert(['a', 'b', 'c'].map((id) => book(id, { title: `Whale ${id}` })))

    expect(await index.search({ term: 'whale', offset: 0, limit: 2, readerId: 'reader-1' })).toEqual({
      ids: ['a', 'c'],
      total: 2,
    })
    expect(await index.search({ term: 'whale', offset: 2, limit: 2, readerId: 'reader-1' })).toEqual({
      ids: [],
      total: 2,
    })
    expect(meili.to('POST', `/indexes/${uid}/search`).at(-1)?.body).toMatchObject({
      filter: 'public = true AND id NOT IN ["b", "q\\"uote"]',
    })
    // Another reader, or nobody signed in: every public book.
    expect(await index.search({ term: 'whale', offset: 0, limit: 10, readerId: 'reader-2' })).toEqual({
      ids: ['a', 'b', 'c'],
      total: 3,
    })
    expect(await index.search({ term: 'whale', offset: 0, limit: 10, readerId: null })).toMatchObject({
      total: 3,
    })
  })

  it("refuses a reader's search on an index made without a way to read ghosts", async () => {
    const index = adapter()
    await index.ensureSettings()
    await expect(index.search({ term: 'whale', offset: 0, limit: 10, readerId: 'reader-1' })).rejects.toThrow(
      /without ghostedIds/,
    )
  })

  it('uses offset and limit with the estimated total for a window that is not a whole page', async () => {
    const index = adapter()
    await index.ensureSettings()
    await index.upsert([
      book('a', { title: 'Whale' }),
      book('b', { title: 'Whale' }),
      book('c', { title: 'Whale' }),
    ])

    expect(await index.search({ term: 'whale', offset: 1, limit: 2 })).toEqual({ ids: ['b', 'c'], total: 3 })
    expect(meili.to('POST', `/indexes/${uid}/search`).at(-1)?.body).toMatchObject({ offset: 1, limit: 2 })
    expect(await index.search({ term: 'qwxzvbnm', offset: 0, limit: 10 })).toEqual({ ids: [], total: 0 })
  })

  it('reindexes from a stream of pages and drops what the stream no longer holds', async () => {
    const index = adapter()
    await index.ensureSettings()
    await index.upsert([book('stale'), book('kept')])
    await new Promise((r) => setTimeout(r, 5))

    async function* pages() {
      yield [book('kept'), book('hidden', { public: false })]
      yield [book('new')]
    }
    expect(await index.reindex(pages())).toEqual({ indexed: 2 })
    expect([...(meili.indexes.get(uid)?.docs.keys() ?? [])].sort()).toEqual(['kept', 'new'])
    const [deletion] = meili.to('POST', `/indexes/${uid}/documents/delete`)
    expect(deletion?.body).toEqual({ filter: expect.stringMatching(/^indexedAt < \d+$/) })
  })

  it('fails a write whose Meilisearch task fails, so the job that made it is retried', async () => {
    const index = adapter()
    await index.ensureSettings()
    meili.failNextTask('invalid_document_fields')
    await expect(index.upsert([book('a')])).rejects.toThrow(
      /failed: stand-in failure: invalid_document_fields/,
    )
  })

  it('accepts an index another process created first', async () => {
    const first = adapter()
    const second = adapter()
    await Promise.all([first.ensureSettings(), second.ensureSettings()])
    expect(meili.indexes.get(uid)?.primaryKey).toBe('id')
  })
})
