import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { Queue, QueueEvents } from 'bullmq'
import { sql } from 'kysely'
import {
  createDb,
  createLogger,
  createRedis,
  ensureDatabase,
  migrateToLatest,
  newId,
  podcastsRepo,
  usersRepo,
  type Db,
  type ListingStatus,
} from '@bookstrut/core'
import { QueueNames } from '@bookstrut/schemas'
import type { SurfaceBook, SurfaceIndex } from '@bookstrut/search'
import { createSurfaceIndexWorker, reindexSurface } from './surface-index.worker.js'

// The worker against real PostgreSQL and Redis. The index is an in-memory SurfaceIndex that records what it is
// told: the Meilisearch adapter's own HTTP calls are tested in services/search against a protocol stand-in.

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const prefix = `tw${randomBytes(4).toString('hex')}`
const dbName = `bookstrut_workers_${randomBytes(6).toString('hex')}`
const producer = createRedis(redisUrl, 'producer')
const workerConnection = createRedis(redisUrl, 'worker')
const eventsConnection = createRedis(redisUrl, 'worker')
let db: Db
let worker: ReturnType<typeof createSurfaceIndexWorker>
let events: QueueEvents

/** Remembers the books it holds and every call it gets. */
class RecordingIndex implements SurfaceIndex {
  readonly name = 'meilisearch' as const
  readonly books = new Map<string, SurfaceBook>()
  readonly calls: string[] = []
  async search() {
    return { ids: [...this.books.keys()], total: this.books.size }
  }
  async upsert(books: readonly SurfaceBook[]) {
    for (const b of books) {
      this.calls.push(`upsert ${b.id}`)
      if (b.public) this.books.set(b.id, b)
      else this.books.delete(b.id)
    }
  }
  async remove(ids: readonly string[]) {
    for (const id of ids) {
      this.calls.push(`remove ${id}`)
      this.books.delete(id)
    }
  }
  async reindex(pages: AsyncIterable<readonly SurfaceBook[]>) {
    const seen = new Set<string>()
    for await (const page of pages) {
      this.calls.push(`page ${page.length}`)
      for (const b of page) {
        seen.add(b.id)
        this.books.set(b.id, b)
      }
    }
    for (const id of this.books.keys()) if (!seen.has(id)) this.books.delete(id)
    return { indexed: seen.size }
  }
  async ensureSettings() {}
  async close() {}
}
let index: RecordingIndex

const staleBook: SurfaceBook = {
  id: 'x',
  title: 'Stale',
  author: 'Nobody',
  ideas: [],
  description: '',
  categoryName: 'Classics',
  language: 'en',
  year: null,
  public: true,
}

async function listing(title: string, status: ListingStatus = 1) {
  const owner = await usersRepo.insertUser(db, {
    id: newId(),
    email: `${newId()}@example.com`,
    first_name: 'Test',
    last_name: 'Owner',
    role: 'publisher',
    password_hash: 'not-a-real-hash',
  })
  const id = newId()
  const now = new Date()
  await podcastsRepo.insertPodcast(db, {
    id,
    create_by: owner.id,
    title,
    author: 'Ann Author',
    category_name: 'Classics',
    description: `About ${title}.`,
    primary_key: 'first idea',
    secondary_key: '',
    additional_key: 'third idea',
    year_published: 1900,
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
  const url = new URL(adminUrl)
  url.pathname = `/${dbName}`
  await ensureDatabase(url.toString())
  db = createDb(url.toString(), 4)
  await migrateToLatest(db)
  await Promise.all([producer.connect(), workerConnection.connect(), eventsConnection.connect()])
  index = new RecordingIndex()
  worker = createSurfaceIndexWorker({
    connection: workerConnection,
    prefix,
    db,
    index,
    ready: async () => undefined,
    logger: createLogger('silent'),
  })
  events = new QueueEvents(QueueNames.surfaceIndex, { connection: eventsConnection, prefix })
  await Promise.all([worker.waitUntilReady(), events.waitUntilReady()])
})
afterAll(async () => {
  await worker?.close()
  await events?.close()
  producer.disconnect()
  workerConnection.disconnect()
  eventsConnection.disconnect()
  await db?.destroy()
  const admin = createDb(adminUrl, 1)
  await sql`drop database if exists ${sql.id(dbName)} with (force)`.execute(admin)
  await admin.destroy()
})
beforeEach(() => {
  index.calls.length = 0
})

describe('surface-index worker', () => {
  it('indexes a public book with its text and facts; a repeated job leaves the index as one did', async () => {
    const id = await listing('The Glass Orchard')
    expect(await run({ podcastId: id }, `surface-${id}-1`)).toEqual({
      outcome: 'completed',
      value: 'indexed',
    })
    const once = new Map(index.books)
    expect(index.books.get(id)).toEqual({
      id,
      title: 'The Glass Orchard',
      author: 'Ann Author',
      ideas: ['first idea', 'third idea'],
      description: 'About The Glass Orchard.',
      categoryName: 'Classics',
      language: 'en',
      year: 1900,
      public: true,
    })
    expect((await run({ podcastId: id }, `surface-${id}-2`)).value).toBe('indexed')
    expect(index.books).toEqual(once)
  })

  it('removes a book that is no longer public, and one that was deleted', async () => {
    const rejected = await listing('Rejected Pages')
    expect((await run({ podcastId: rejected }, `surface-${rejected}-1`)).value).toBe('indexed')
    await podcastsRepo.updatePodcast(db, rejected, { status: 2, updated_at: new Date() })
    expect(await run({ podcastId: rejected }, `surface-${rejected}-2`)).toEqual({
      outcome: 'completed',
      value: 'removed',
    })
    expect(index.books.has(rejected)).toBe(false)

    const gone = newId()
    expect((await run({ podcastId: gone }, `surface-${gone}-1`)).value).toBe('removed')
    expect(index.calls.at(-1)).toBe(`remove ${gone}`)
  })

  it('fails a job whose payload breaks the schema at once, without retries', async () => {
    const result = await run({ podcastId: 'not an id' }, 'surface-bad')
    expect(result.outcome).toBe('failed')
    expect(result.value).toMatch(/SurfaceIndexJob/)
    const queue = new Queue(QueueNames.surfaceIndex, { connection: producer, prefix })
    expect((await queue.getJob('surface-bad'))?.attemptsMade).toBe(1)
    await queue.close()
  })

  it('rebuilds the index from every public book, in pages, dropping what is no longer public', async () => {
    index.books.clear()
    const stale = newId()
    index.books.set(stale, { ...staleBook, id: stale })
    const pending = await listing('Pending Tide', 0)
    const publicIds = (
      await db.selectFrom('podcasts').select('id').where(podcastsRepo.isPublic).execute()
    ).map((r) => r.id)

    const { indexed } = await reindexSurface({ db, index, logger: createLogger('silent') })
    expect(indexed).toBe(publicIds.length)
    expect([...index.books.keys()].sort()).toEqual([...publicIds].sort())
    expect(index.books.has(stale)).toBe(false)
    expect(index.books.has(pending)).toBe(false)
  })

  it('stops a rebuild that is aborted instead of passing a partial catalogue for the whole one', async () => {
    const stop = new AbortController()
    stop.abort()
    const before = new Map(index.books)
    await expect(reindexSurface({ db, index, logger: createLogger('silent') }, stop.signal)).rejects.toThrow()
    expect(index.books).toEqual(before)
  })
})
