import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Meilisearch } from 'meilisearch'
import { buildUser } from '@bookstrut/accounts/testing'
import { ghostsRepo, booksRepo } from '@bookstrut/catalogue'
import type { Db, ListingStatus } from '@bookstrut/core'
import { buildListing, createTestDb } from '@bookstrut/core/testing'
import { createPostgresSurfaceIndex } from './postgres-surface-index.js'
import { createMeiliSurfaceIndex } from './meili-surface-index.js'
import { loadSurfaceBook, publicSurfaceBooks } from './surface-books.js'
import type { SurfaceIndex } from './surface-index.js'
import { SURFACE_SEARCH_SHELF } from '../testing/surface-books.js'

/**
 * One behaviour, every keyword index: the same suite runs against PostgreSQL (always) and Meilisearch (when
 * MEILI_URL answers /health). The books live in a real database, as in production; each adapter is then fed
 * the way the app feeds it (a full reindex, then an upsert per change), which is a no-op for PostgreSQL.
 */

interface Adapter {
  name: string
  create(db: Db): SurfaceIndex
  cleanUp?(): Promise<void>
}

async function meiliAnswers(url: string): Promise<boolean> {
  try {
    const res = await fetch(new URL('/health', url), { signal: AbortSignal.timeout(2_000) })
    return res.ok
  } catch {
    return false
  }
}

const meiliUrl = process.env.MEILI_URL
const meiliKey = process.env.MEILI_KEY
const meiliSkipReason = !meiliUrl
  ? 'MEILI_URL is not set (no Meilisearch server on this machine)'
  : (await meiliAnswers(meiliUrl))
    ? null
    : `nothing answers ${meiliUrl}/health`

const adapters: Adapter[] = [{ name: 'postgres', create: (db) => createPostgresSurfaceIndex(db) }]
if (meiliUrl && !meiliSkipReason) {
  const indexUid = `bookstrut_contract_${randomBytes(4).toString('hex')}`
  adapters.push({
    name: 'meilisearch',
    create: (db) =>
      createMeiliSurfaceIndex({
        url: meiliUrl,
        key: meiliKey,
        indexUid,
        ghostedIds: (readerId) => ghostsRepo.ghostedIds(db, readerId),
      }),
    async cleanUp() {
      await new Meilisearch({ host: meiliUrl, apiKey: meiliKey }).deleteIndex(indexUid).waitTask()
    },
  })
} else {
  console.warn(`surface index contract: the Meilisearch run is skipped: ${meiliSkipReason}`)
  describe.skip(`surface index contract on meilisearch — skipped: ${meiliSkipReason}`, () => {
    it('runs the contract against a live Meilisearch', () => undefined)
  })
}

describe.each(adapters)('surface index contract on $name', (adapter) => {
  let db: Db
  let testDb: Awaited<ReturnType<typeof createTestDb>> | undefined
  let index: SurfaceIndex
  const ids: Record<string, string> = {}

  async function listing(
    key: string,
    fields: { title: string; author: string; description: string; ideas?: string[]; status?: ListingStatus },
    opts: { active?: boolean } = {},
  ) {
    const { ideas = [], ...columns } = fields
    const row = await buildListing(db, {
      ...columns,
      category_name: 'Classics',
      ideas: [ideas[0] ?? '', ideas[1] ?? '', ideas[2] ?? ''],
      is_active: opts.active ?? true,
    })
    ids[key] = row.id
  }

  /** What the surface-index worker does for a changed book: read it, hand it to the index as it now is. */
  async function announce(id: string) {
    const book = await loadSurfaceBook(db, id)
    if (book) await index.upsert([book])
    else await index.remove([id])
  }

  const search = async (term: string, offset = 0, limit = 10) => index.search({ term, offset, limit })

  beforeAll(async () => {
    testDb = await createTestDb('search')
    db = testDb.db
    for (const [key, fields] of Object.entries(SURFACE_SEARCH_SHELF)) await listing(key, fields)
    await listing('pending', {
      title: 'The Whale Who Waited',
      author: 'Pending Person',
      description: 'A pending listing that nobody may find until a moderator approves it.',
      status: 0,
    })
    await listing(
      'inactive',
      {
        title: 'Whale Lanterns',
        author: 'Retired Writer',
        description: 'An approved listing its owner took down: lanterns in the whale harbour.',
      },
      { active: false },
    )
    await listing('hobbit', {
      title: 'The Hobbit',
      author: 'J. R. R. Tolkien',
      description:
        'Bilbo Baggins, a comfortable hobbit, is swept into a quest with thirteen dwarves to win back their mountain home from a dragon.',
    })
    await listing('lighthouse', {
      title: 'The Lighthouse Keeper',
      author: 'Mara Quill',
      description: 'A keeper tends the lamp on a rock through one long winter.',
    })
    index = adapter.create(db)
    await index.ensureSettings()
    await index.reindex(publicSurfaceBooks(db, 2))
    // Non-public books handed over anyway (a job for a pending listing) must not become searchable.
    await announce(ids.pending ?? '')
    await announce(ids.inactive ?? '')
  })
  afterAll(async () => {
    await index?.close()
    await adapter.cleanUp?.()
    await testDb?.drop()
  })

  it('finds a book by a word of its title', async () => {
    expect(await search('prejudice')).toEqual({ ids: [ids.pride], total: 1 })
  })

  it('finds a book by its author', async () => {
    expect(await search('Melville')).toEqual({ ids: [ids.moby], total: 1 })
  })

  it('finds a book by a word of one of its ideas', async () => {
    expect(await search('revenge')).toEqual({ ids: [ids.moby], total: 1 })
  })

  it('ranks a match in the title above a match in the description', async () => {
    expect(await search('whale')).toEqual({ ids: [ids.whaling, ids.moby], total: 2 })
  })

  it('still finds a book by a misspelt title word', async () => {
    expect((await search('prejudise')).ids).toEqual([ids.pride])
  })

  it('forgives typos word by word, as a reader makes them', async () => {
    expect((await search('hobit')).ids).toEqual([ids.hobbit])
    expect(await search('hobit tolkien')).toEqual({ ids: [ids.hobbit], total: 1 })
    // Two neighbouring letters swapped are one typo.
    expect(await search('tolkein')).toEqual({ ids: [ids.hobbit], total: 1 })
    expect(await search('bilbo bagins hobit')).toEqual({ ids: [ids.hobbit], total: 1 })
  })

  it('allows no typo up to 4 letters, one for 5 to 8 letters, two from 9 letters', async () => {
    expect(await search('ahav')).toEqual({ ids: [], total: 0 })
    expect((await search('melvile')).ids).toEqual([ids.moby])
    expect(await search('mlvile')).toEqual({ ids: [], total: 0 })
    expect((await search('prejjudise')).ids).toEqual([ids.pride])
    expect(await search('prejjudisse')).toEqual({ ids: [], total: 0 })
  })

  it('never returns books that are pending or taken down', async () => {
    expect(await search('waited')).toEqual({ ids: [], total: 0 })
    expect(await search('lanterns')).toEqual({ ids: [], total: 0 })
  })

  it('stops returning a book once it is no longer public', async () => {
    expect((await search('lighthouse')).ids).toEqual([ids.lighthouse])
    await booksRepo.updateBook(db, ids.lighthouse ?? '', { status: 2, updated_at: new Date() })
    await announce(ids.lighthouse ?? '')
    expect(await search('lighthouse')).toEqual({ ids: [], total: 0 })
  })

  it('pages by offset and limit with the total of all matches', async () => {
    expect(await search('whale', 0, 1)).toEqual({ ids: [ids.whaling], total: 2 })
    expect(await search('whale', 1, 1)).toEqual({ ids: [ids.moby], total: 2 })
    expect(await search('whale', 2, 1)).toEqual({ ids: [], total: 2 })
  })

  it("leaves out the reader's ghosted titles before counting and paging, until un-ghosted", async () => {
    const reader = (await buildUser(db)).id
    const asReader = (offset: number, limit: number) =>
      index.search({ term: 'whale', offset, limit, readerId: reader })
    await ghostsRepo.addGhost(db, {
      userId: reader,
      bookId: ids.whaling ?? '',
      episodeId: null,
      now: new Date(),
    })
    expect(await asReader(0, 1)).toEqual({ ids: [ids.moby], total: 1 })
    expect(await asReader(1, 1)).toEqual({ ids: [], total: 1 })
    expect(await search('whale')).toEqual({ ids: [ids.whaling, ids.moby], total: 2 })
    await ghostsRepo.removeGhost(db, reader, ids.whaling ?? '')
    expect(await asReader(0, 10)).toEqual({ ids: [ids.whaling, ids.moby], total: 2 })
  })

  it('returns nothing for a word no book contains', async () => {
    expect(await search('qwxzvbnm')).toEqual({ ids: [], total: 0 })
  })
})
