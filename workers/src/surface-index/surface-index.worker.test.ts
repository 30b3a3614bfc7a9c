import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { Queue, QueueEvents } from 'bullmq'
import { isPublic, booksRepo } from '@bookstrut/catalogue'
import { createLogger, createRedis, newId, type Db, type ListingStatus } from '@bookstrut/core'
import { buildListing, createTestDb, testPrefix, testRedisUrl, type TestDb } from '@bookstrut/core/testing'
import { QueueNames } from '@bookstrut/schemas'
import {
  createMeiliSurfaceIndex,
  MEILI_SETTINGS,
  type SurfaceBook,
  type SurfaceIndex,
} from '@bookstrut/search'
import { MeiliStandIn } from '@bookstrut/search/testing'
import { createSurfaceIndexWorker, reindexSurface } from './surface-index.worker.js'

// The worker against real PostgreSQL and Redis, writing through the real Meilisearch adapter. Meilisearch
// itself (an outside service with no binary here) is the protocol stand-in from services/search, so the
// assertions read the documents Meilisearch would hold.

const prefix = testPrefix('tw')
const indexUid = `books_${randomBytes(4).toString('hex')}`
const producer = createRedis(testRedisUrl, 'producer')
const workerConnection = createRedis(testRedisUrl, 'worker')
const eventsConnection = createRedis(testRedisUrl, 'worker')
let testDb: TestDb
let db: Db
let meili: MeiliStandIn
let index: SurfaceIndex
let worker: ReturnType<typeof createSurfaceIndexWorker>
let events: QueueEvents

/** The documents Meilisearch holds in our index, by id. */
function stored(): Map<string, Record<string, unknown>> {
  return meili.indexes.get(indexUid)?.docs ?? new Map()
}

/** The stored documents without `indexedAt`, the write time every write (or repeated job) stamps anew. */
function storedBooks(): Map<string, Record<string, unknown>> {
  return new Map([...stored()].map(([id, { indexedAt: _at, ...book }]) => [id, book]))
}

const sortedIds = (ids: Iterable<string>) => [...ids].sort()

const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

async function listing(title: string, status: ListingStatus = 1) {
  const row = await buildListing(db, {
    title,
    status,
    author: 'Ann Author',
    category_name: 'Classics',
    ideas: ['first idea', '', 'third idea'],
    year_published: 1900,
  })
  return row.id
}

/** Adds a job and waits until the worker has finished it (completed or failed). */
async function run(data: unknown, jobId: string) {
  const queue = new Queue(QueueNames.surfaceIndex, { connection: producer, prefix })
  const done = new Promise<{ outcome: 'completed' | 'failed'; value: string }>((resolve) => {
    const onCompleted = (e: { jobId: string; returnvalue: string }) => {
      if (e.jobId !== jobId) return
      events.off('failed', onFailed)
      events.off('completed', onCompleted)
      resolve({ outcome: 'completed', value: e.returnvalue })
    }
    const onFailed = (e: { jobId: string; failedReason: string }) => {
      if (e.jobId !== jobId) return
      events.off('failed', onFailed)
      events.off('completed', onCompleted)
      resolve({ outcome: 'failed', value: e.failedReason })
    }
    events.on('completed', onCompleted)
    events.on('failed', onFailed)
  })
  await queue.add(QueueNames.surfaceIndex, data, { jobId, attempts: 3 })
  const result = await done
  await queue.close()
  return result
}

beforeAll(async () => {
  testDb = await createTestDb('workers')
  db = testDb.db
  await Promise.all([producer.connect(), workerConnection.connect(), eventsConnection.connect()])
  meili = await new MeiliStandIn().start()
  index = createMeiliSurfaceIndex({ url: meili.url, key: 'test-key', indexUid, taskTimeoutMs: 5_000 })
  // As startSurfaceIndexWorker does: the first job creates the index and its settings, later jobs reuse it.
  let settings: Promise<void> | null = null
  worker = createSurfaceIndexWorker({
    connection: workerConnection,
    prefix,
    db,
    index,
    ready: () => (settings ??= index.ensureSettings()),
    logger: createLogger('silent'),
  })
  events = new QueueEvents(QueueNames.surfaceIndex, { connection: eventsConnection, prefix })
  await Promise.all([worker.waitUntilReady(), events.waitUntilReady()])
})
afterAll(async () => {
  await worker?.close()
  await events?.close()
  await index?.close()
  await meili?.stop()
  producer.disconnect()
  workerConnection.disconnect()
  eventsConnection.disconnect()
  await testDb?.drop()
})

describe('surface-index worker (real Meilisearch adapter against a protocol stand-in)', () => {
  it('indexes a public book with its text and facts; a repeated job leaves the index as one did', async () => {
    const id = await listing('The Glass Orchard')
    expect(await run({ podcastId: id }, `surface-${id}-1`)).toEqual({
      outcome: 'completed',
      value: 'indexed',
    })
    // The job waited for the index and its settings before writing.
    expect(meili.indexes.get(indexUid)?.primaryKey).toBe('id')
    expect(meili.indexes.get(indexUid)?.settings.searchableAttributes).toEqual(
      MEILI_SETTINGS.searchableAttributes,
    )
    expect(stored().get(id)).toEqual({
      id,
      title: 'The Glass Orchard',
      author: 'Ann Author',
      ideas: ['first idea', 'third idea'],
      description: 'About The Glass Orchard.',
      categoryName: 'Classics',
      language: 'en',
      year: 1900,
      public: true,
      indexedAt: expect.any(Number),
    })
    const once = storedBooks()

    expect((await run({ podcastId: id }, `surface-${id}-2`)).value).toBe('indexed')
    expect(storedBooks()).toEqual(once)
    // And the book is found through the adapter's search, as the API would find it.
    expect(await index.search({ term: 'glass orchard', offset: 0, limit: 10 })).toEqual({
      ids: [id],
      total: 1,
    })
  })

  it('removes a book that is no longer public, and one that was deleted', async () => {
    const rejected = await listing('Rejected Pages')
    expect((await run({ podcastId: rejected }, `surface-${rejected}-1`)).value).toBe('indexed')
    expect(stored().has(rejected)).toBe(true)
    await booksRepo.updateBook(db, rejected, { status: 2, updated_at: new Date() })
    expect(await run({ podcastId: rejected }, `surface-${rejected}-2`)).toEqual({
      outcome: 'completed',
      value: 'removed',
    })
    expect(stored().has(rejected)).toBe(false)

    const deleted = await listing('Burnt Pages')
    expect((await run({ podcastId: deleted }, `surface-${deleted}-1`)).value).toBe('indexed')
    expect(stored().has(deleted)).toBe(true)
    await db.deleteFrom('podcasts').where('id', '=', deleted).execute()
    expect((await run({ podcastId: deleted }, `surface-${deleted}-2`)).value).toBe('removed')
    expect(stored().has(deleted)).toBe(false)

    // A book the index never held is removed too (a no-op for Meilisearch), so a late job is harmless.
    const unknown = newId()
    const before = storedBooks()
    expect((await run({ podcastId: unknown }, `surface-${unknown}-1`)).value).toBe('removed')
    expect(meili.to('POST', `/indexes/${indexUid}/documents/delete-batch`).at(-1)?.body).toEqual([unknown])
    expect(storedBooks()).toEqual(before)
  })

  it('fails a job whose payload breaks the schema at once, without retries', async () => {
    const requestsBefore = meili.requests.length
    const result = await run({ podcastId: 'not an id' }, 'surface-bad')
    expect(result.outcome).toBe('failed')
    expect(result.value).toMatch(/SurfaceIndexJob/)
    const queue = new Queue(QueueNames.surfaceIndex, { connection: producer, prefix })
    expect((await queue.getJob('surface-bad'))?.attemptsMade).toBe(1)
    await queue.close()
    // Nothing reached Meilisearch.
    expect(meili.requests.length).toBe(requestsBefore)
  })

  it('rebuilds the index from every public book, in pages, dropping what is no longer public', async () => {
    // Meilisearch holds a book the database no longer has, and one whose change was missed (no job ran).
    const stale: SurfaceBook = {
      id: newId(),
      title: 'Stale',
      author: 'Nobody',
      ideas: [],
      description: '',
      categoryName: 'Classics',
      language: 'en',
      year: null,
      public: true,
    }
    await index.upsert([stale])
    const missed = await listing('Missed Change')
    expect((await run({ podcastId: missed }, `surface-${missed}-1`)).value).toBe('indexed')
    await booksRepo.updateBook(db, missed, { status: 2, updated_at: new Date() })
    const pending = await listing('Pending Tide', 0)
    const publicIds = (await db.selectFrom('podcasts').select('id').where(isPublic).execute()).map(
      (r) => r.id,
    )
    expect(publicIds.length).toBeGreaterThan(0)
    expect(stored().has(stale.id) && stored().has(missed)).toBe(true)
    await tick() // the rebuild's start time is after every earlier write

    const additionsBefore = meili.to('POST', `/indexes/${indexUid}/documents`).length
    const { indexed } = await reindexSurface({ db, index, logger: createLogger('silent') })
    expect(indexed).toBe(publicIds.length)
    expect(sortedIds(stored().keys())).toEqual(sortedIds(publicIds))
    expect(stored().has(stale.id)).toBe(false)
    expect(stored().has(missed)).toBe(false)
    expect(stored().has(pending)).toBe(false)
    expect([...stored().values()].every((doc) => doc.public === true)).toBe(true)
    // Every public book was written by the rebuild's page writes, stamped with the rebuild's start.
    const pages = meili
      .to('POST', `/indexes/${indexUid}/documents`)
      .slice(additionsBefore)
      .map((r) => r.body as { id: string; indexedAt: number }[])
    expect(pages.length).toBeGreaterThan(0)
    expect(sortedIds(pages.flat().map((d) => d.id))).toEqual(sortedIds(publicIds))
    expect(new Set(pages.flat().map((d) => d.indexedAt)).size).toBe(1)
  })

  it('stops a rebuild that is aborted instead of passing a partial catalogue for the whole one', async () => {
    const stop = new AbortController()
    stop.abort()
    const before = structuredClone(stored())
    expect(before.size).toBeGreaterThan(0)
    const requestsBefore = meili.requests.length
    await expect(reindexSurface({ db, index, logger: createLogger('silent') }, stop.signal)).rejects.toThrow()
    expect(stored()).toEqual(before)
    // In particular no deletion of "what the rebuild did not see" was sent.
    expect(meili.requests.slice(requestsBefore).filter((r) => r.path.includes('/documents'))).toEqual([])
  })
})
