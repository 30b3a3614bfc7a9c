import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Queue } from 'bullmq'
import {
  createChdbStore,
  migrateAnalytics,
  queueEvents,
  sqlString,
  bookEventCounts,
  type AnalyticsStore,
} from '@bookstrut/analytics'
import { createQueues, createRedis, createLogger, type Queues } from '@bookstrut/core'
import { testPrefix, testRedisUrl, until } from '@bookstrut/core/testing'
import { QueueNames, type AnalyticsEvent } from '@bookstrut/schemas'
import type { Redis } from 'ioredis'
import { startIngestWorker } from './ingest.worker.js'

// The ingest worker with real Redis, BullMQ and chDB: a known set of events goes in, the exact counts come out,
// through a crash between insert and acknowledgement and through a store that is down for a while.

const ALL_TIME = { from: new Date('2000-01-01T00:00:00Z'), to: new Date('2100-01-01T00:00:00Z') }
const hex24 = () => randomUUID().replace(/-/g, '').slice(0, 24)
const plays = (podcastId: string, n: number): AnalyticsEvent[] =>
  Array.from({ length: n }, (_, i) => ({
    id: randomUUID(),
    type: 'impression',
    ts: new Date().toISOString(),
    podcastId,
    episodeId: null,
    userId: null,
    anonymousId: `anon-${String(i).padStart(16, '0')}`,
  }))

let redis: Redis
beforeAll(async () => {
  redis = createRedis(testRedisUrl, 'producer')
  await redis.connect()
})
afterAll(() => redis?.disconnect())

/** Jobs not yet done (waiting, active or delayed) on a prefix's ingest queue. */
async function pending(prefix: string) {
  const queue = new Queue(QueueNames.ingest, { connection: redis, prefix })
  const c = await queue.getJobCounts('wait', 'active', 'delayed', 'prioritized')
  await queue.close()
  return Object.values(c).reduce((a, b) => a + b, 0)
}

const impressions = async (store: AnalyticsStore, podcastId: string) =>
  (await bookEventCounts(store, podcastId, ALL_TIME, 'total')).find((c) => c.type === 'impression')?.count ??
  0

const rowsOf = async (store: AnalyticsStore, podcastId: string) => {
  const [row] = (await store.select(
    `SELECT count() AS n FROM events WHERE podcast_id = ${sqlString(podcastId)}`,
  )) as {
    n: number
  }[]
  return Number(row?.n ?? 0)
}

describe('ingest worker, killed with SIGKILL between insert and acknowledgement', () => {
  let dir: string
  const children: ChildProcess[] = []
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL')
    await rm(dir, { recursive: true, force: true })
  })

  /** Starts the worker in its own process; resolves once it printed `waitFor`. */
  function startChild(prefix: string, pause: boolean, waitFor: string) {
    const child = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', path.join(import.meta.dirname, 'ingest-child.fixture.ts')],
      {
        env: {
          ...process.env,
          INGEST_TEST_DIR: dir,
          INGEST_TEST_PREFIX: prefix,
          INGEST_TEST_PAUSE: pause ? '1' : '0',
          REDIS_URL: testRedisUrl,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    children.push(child)
    let out = ''
    const seen = new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        if (out.includes(waitFor)) resolve()
      })
      child.once('exit', (code) => reject(new Error(`worker exited (${code}) before printing ${waitFor}`)))
    })
    return { child, seen }
  }

  const exited = (child: ChildProcess) =>
    child.exitCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r()))

  it('stores every event exactly once after a restart', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bookstrut-ingest-crash-'))
    const prefix = testPrefix()
    const queues = createQueues(redis, prefix)
    const podcastId = hex24()
    const sent = plays(podcastId, 600)
    await queueEvents(queues, sent)

    // First worker: stores its first batch, then is killed before acknowledging it.
    const first = startChild(prefix, true, 'inserted ')
    await first.seen
    first.child.kill('SIGKILL')
    await exited(first.child)

    // Second worker: takes the killed batch again once its lock expires, and the rest.
    const second = startChild(prefix, false, 'ready')
    await second.seen
    await until('the queue drained', async () => (await pending(prefix)) === 0, 60_000)
    second.child.kill('SIGTERM')
    await exited(second.child)
    await queues.close()

    // Only now may this process open the folder (one owner at a time).
    const store = createChdbStore(dir)
    try {
      await migrateAnalytics(store)
      // The killed batch really was inserted twice…
      expect(await rowsOf(store, podcastId)).toBeGreaterThan(sent.length)
      // …and counts once.
      expect(await impressions(store, podcastId)).toBe(sent.length)
    } finally {
      await store.close()
    }
  }, 120_000)
})

describe('ingest worker, analytics store unavailable for a while', () => {
  let dir: string
  let queues: Queues
  afterAll(async () => {
    await queues?.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('keeps the events queued, retries with backoff, and stores each once when the store is back', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bookstrut-ingest-down-'))
    const prefix = testPrefix()
    queues = createQueues(redis, prefix)
    const real = createChdbStore(dir)
    await migrateAnalytics(real)
    // A fault injector in front of the real store: while `down`, every call fails as a lost connection would.
    let down = true
    let refused = 0
    const gate = <T>(call: () => Promise<T>) => {
      if (!down) return call()
      refused += 1
      return Promise.reject(new Error('connect ECONNREFUSED (store down)'))
    }
    const flaky: AnalyticsStore = {
      engine: real.engine,
      exec: (sql) => gate(() => real.exec(sql)),
      insertRows: (table, rows) => gate(() => real.insertRows(table, rows)),
      select: (sql) => real.select(sql),
      ping: () => gate(() => real.ping()),
      close: async () => undefined,
    }
    const connection = createRedis(testRedisUrl, 'worker')
    await connection.connect()
    const worker = startIngestWorker({
      connection,
      prefix,
      store: flaky,
      logger: createLogger('silent'),
      flushRows: 100,
      flushMs: 50,
    })
    try {
      const podcastId = hex24()
      const sent = plays(podcastId, 250)
      await queueEvents(queues, sent)
      await until('three refused attempts', () => refused >= 3, 30_000)
      expect(await impressions(real, podcastId)).toBe(0)
      expect(await pending(prefix)).toBe(sent.length)
      // The same events sent again meanwhile (a client retrying) are no new jobs.
      await queueEvents(queues, sent.slice(0, 50))
      expect(await pending(prefix)).toBe(sent.length)

      down = false
      await until(
        'every event stored',
        async () => (await impressions(real, podcastId)) === sent.length,
        60_000,
      )
      await until('the queue drained', async () => (await pending(prefix)) === 0, 10_000)
      expect(await impressions(real, podcastId)).toBe(sent.length)
    } finally {
      await worker.close()
      connection.disconnect()
      await real.close()
    }
  }, 120_000)
})
