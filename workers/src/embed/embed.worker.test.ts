import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Queue, QueueEvents } from 'bullmq'
import { booksRepo } from '@bookstrut/catalogue'
import { createLogger, createQueues, createRedis, loadConfig, type Db, type Queues } from '@bookstrut/core'
import {
  buildListing,
  createTestDb,
  testPrefix,
  testRedisUrl,
  until,
  type TestDb,
} from '@bookstrut/core/testing'
import { QueueNames } from '@bookstrut/schemas'
import {
  embeddingsAnnouncer,
  embeddingsChannel,
  embeddingsRepo,
  createThreadedEmbedder,
  embedBook,
  hasLocalModel,
  PASSAGE_SCHEME,
  targetModel,
  type Embedder,
  type ModelRef,
} from '@bookstrut/search'
import { createEmbedWorker, type EmbedWorkerDeps } from './embed.worker.js'
import { sweepStaleEmbeddings } from './embed-sweep.js'

// The embed worker on real PostgreSQL, Redis/BullMQ and the model EMBEDDING_MODEL=auto serves on a fresh clone (our
// shipped idea encoder, local files).

const prefix = testPrefix('te')
const { search } = loadConfig({ DATA_DIR: `/tmp/${prefix}`, MODELS_DIR: process.env.MODELS_DIR })
const ref: ModelRef = targetModel(search)
const model = ref.id
const logger = createLogger('silent')

const producer = createRedis(testRedisUrl, 'producer')
const workerConnection = createRedis(testRedisUrl, 'worker')
const subscriber = createRedis(testRedisUrl, 'producer')
let testDb: TestDb
let db: Db
let queues: Queues
let embedder: Embedder
let deps: EmbedWorkerDeps
const announced: string[] = []

const listing = async (title: string, ideas: [string, string, string], description: string) =>
  (await buildListing(db, { title, ideas, description, author: 'Ann Author', year_published: 1900 })).id

const storedRows = (id: string) =>
  db.selectFrom('book_embeddings').selectAll().where('podcast_id', '=', id).execute()

beforeAll(async () => {
  if (!hasLocalModel(ref.modelsDir, ref.modelId))
    throw new Error(`the model ${model} is not under ${ref.modelsDir}; tests never download one`)
  testDb = await createTestDb('embed')
  db = testDb.db
  await Promise.all([producer.connect(), workerConnection.connect(), subscriber.connect()])
  queues = createQueues(producer, prefix)
  embedder = await createThreadedEmbedder({ modelId: ref.modelId, modelsDir: ref.modelsDir, threads: 1 })
  deps = {
    connection: workerConnection,
    prefix,
    db,
    embedderFor: () => Promise.resolve(embedder),
    modelsInUse: () => Promise.resolve([ref]),
    locate: () => ref,
    announce: embeddingsAnnouncer(producer, prefix),
    logger,
  }
  subscriber.on('message', (_channel: string, message: string) => announced.push(message))
  await subscriber.subscribe(embeddingsChannel(prefix))
}, 60_000)

afterAll(async () => {
  await embedder?.close()
  await queues?.close()
  await testDb?.drop()
  producer.disconnect()
  workerConnection.disconnect()
  subscriber.disconnect()
})

describe('embedBook', () => {
  it('stores one vector per idea and description chunk, announces it once, and skips a book it is up to date for', async () => {
    const id = await listing(
      'The White Whale',
      ['A captain hunts a whale', 'Life on a whaling ship', 'Revenge at sea'],
      'A sailor joins a whaling voyage. The captain is obsessed.',
    )
    expect(await embedBook(deps, id, ref)).toBe('embedded')
    expect(await embedBook(deps, id, ref)).toBe('up to date')
    const [row, ...more] = await storedRows(id)
    expect(more).toEqual([])
    expect(row).toMatchObject({ model, passages: 4, dimensions: embedder.dimensions })
    const stored = await embeddingsRepo.findEmbedding(db, id, model)
    expect(stored!.vectors).toHaveLength(4)
    for (const v of stored!.vectors) expect(Math.hypot(...v)).toBeCloseTo(1, 3)
    await until('the announcement', async () => announced.length > 0)
    expect(announced.filter((m) => m.includes(id))).toEqual([JSON.stringify({ podcastId: id, model })])
  })

  it('recomputes the vectors when the text changed, and answers "book gone" for a deleted book', async () => {
    const id = await listing(
      'Garden',
      ['A girl finds a secret garden', 'A sick cousin heals', 'Yorkshire moors'],
      'A walled garden.',
    )
    await embedBook(deps, id, ref)
    const before = (await storedRows(id))[0]!
    await booksRepo.updateBook(db, id, { additional_key: 'A robin shows the way to the key' })
    expect(await embedBook(deps, id, ref)).toBe('embedded')
    const after = (await storedRows(id))[0]!
    expect(after.source_hash).not.toBe(before.source_hash)
    expect(Buffer.compare(after.vectors, before.vectors)).not.toBe(0)
    await db.deleteFrom('podcasts').where('id', '=', id).execute()
    expect(await embedBook(deps, id, ref)).toBe('book gone')
    expect(await storedRows(id)).toEqual([])
  })
})

describe('the embed queue', () => {
  it('embeds books nobody announced (the sweep), once each however often the sweep runs', async () => {
    const worker = createEmbedWorker(deps)
    try {
      const ids = await Promise.all(
        ['Mars', 'Train', 'Dogs'].map((t) =>
          listing(t, [`${t} idea one`, `${t} idea two`, `${t} idea three`], `${t}.`),
        ),
      )
      const sweep = () => sweepStaleEmbeddings({ db, queues, search, announce: deps.announce, logger })
      const first = await sweep()
      expect(first.queued).toBeGreaterThanOrEqual(3)
      expect(first.serving).toBe(model)
      await sweep()
      await until('every book to be embedded', async () => {
        const p = await embeddingsRepo.embeddingProgress(db, { model, scheme: PASSAGE_SCHEME })
        return p.done === p.total
      })
      for (const id of ids) expect(await storedRows(id)).toHaveLength(1)
      expect((await sweep()).queued).toBe(0)
    } finally {
      await worker.close()
    }
  })

  it('fails a job with a bad payload once, without retries', async () => {
    const worker = createEmbedWorker(deps)
    const events = new QueueEvents(QueueNames.embed, {
      connection: createRedis(testRedisUrl, 'worker'),
      prefix,
    })
    try {
      await events.waitUntilReady()
      const queue = new Queue(QueueNames.embed, { connection: producer, prefix })
      const failed = new Promise<string>((resolve) => events.on('failed', (e) => resolve(e.jobId)))
      await queue.add(QueueNames.embed, { podcastId: 'not-an-id' }, { jobId: 'bad-payload', attempts: 5 })
      expect(await failed).toBe('bad-payload')
      const job = await queue.getJob('bad-payload')
      expect(job?.attemptsMade).toBe(1)
      expect(job?.failedReason).toMatch(/EmbedJob/)
    } finally {
      await events.close()
      await worker.close()
    }
  })
})
