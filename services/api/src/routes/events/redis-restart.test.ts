import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Queue } from 'bullmq'
import type { AnalyticsStore } from '@bookstrut/analytics'
import { createRedis } from '@bookstrut/core'
import { buildListing, until } from '@bookstrut/core/testing'
import { QueueNames } from '@bookstrut/schemas'
import { buildTestApp, type TestApp } from '../../test/test-app.js'
import { client } from '../../test/api-client.js'
import { analyticsOf, storedEvents } from '../../test/analytics-probe.js'
import { ownRedis, type OwnRedis } from '../../test/own-redis.js'

// Redis restarted under the api and the ingest worker: a redis-server of this test's own (never the shared one),
// append-only with every write synced, killed with SIGKILL while events are queued, and started again on the same
// port and folder. Events sent before, during (503 QUEUE_UNAVAILABLE, then sent again with the same ids) and after
// are each counted exactly once.

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'

let redis: OwnRedis
let url: string
let t: TestApp
let store: AnalyticsStore
beforeAll(async () => {
  redis = await ownRedis()
  url = redis.url
  // A batch is written 5 s after its first event: Redis dies while the worker holds the first events unwritten.
  t = await buildTestApp({ REDIS_URL: url, EVENTS_RATE_LIMIT_ANON: '100000', ANALYTICS_FLUSH_MS: '5000' })
  store = await analyticsOf(t)
}, 60_000)
afterAll(async () => {
  await store?.close()
  await redis?.start().catch(() => undefined) // the app closes its queues cleanly
  await t?.close()
  await redis?.remove()
}, 60_000)

/** `n` plays with ids made here, as a retrying client does (all from one visitor: the events are counted). */
const plays = (podcastId: string, n: number) =>
  Array.from({ length: n }, () => ({
    id: randomUUID(),
    type: 'play' as const,
    podcastId,
  }))

const send = (events: ReturnType<typeof plays>) =>
  client(t.app).post('/events', { events }, { headers: { 'user-agent': BROWSER } })

/** Distinct play events stored (one visitor's plays count once a half hour: here each event is what is counted). */
const played = async (podcastId: string) =>
  (await storedEvents(store, [podcastId])).filter((e) => e.type === 'play').length

async function pending() {
  const connection = createRedis(url, 'producer')
  await connection.connect()
  const queue = new Queue(QueueNames.ingest, { connection, prefix: t.config.redis.prefix })
  try {
    const c = await queue.getJobCounts('wait', 'active', 'delayed', 'prioritized')
    return Object.values(c).reduce((a, b) => a + b, 0)
  } finally {
    await queue.close()
    connection.disconnect()
  }
}

describe('events through a Redis restart', () => {
  it('counts every event sent before, during and after the restart exactly once', async () => {
    const { id: podcastId } = await buildListing(t.app.db)

    // Before: accepted and queued; Redis is killed while they are queued or held by the worker, none yet stored.
    const before = [plays(podcastId, 100), plays(podcastId, 100), plays(podcastId, 100)]
    for (const batch of before) expect((await send(batch)).status).toBe(202)
    expect(await played(podcastId)).toBe(0)
    await redis.kill()

    // During: the api cannot queue, says so, and queues nothing.
    const during = plays(podcastId, 50)
    const refused = await send(during)
    expect(refused.status).toBe(503)
    expect(refused.headers['retry-after']).toBe('5')
    expect(refused.body).toMatchObject({ success: false, code: 'QUEUE_UNAVAILABLE' })

    // Redis back, with what it had acknowledged (append-only file).
    await redis.start()
    // The client sends the refused batch again, with the same ids, until it is taken (the api's connection
    // reconnects within a moment).
    await until('the refused batch is taken', async () => (await send(during)).status === 202, 30_000)
    // After.
    const after = [plays(podcastId, 100), plays(podcastId, 50)]
    for (const batch of after) expect((await send(batch)).status).toBe(202)
    // And a batch from before, sent again by a client that never saw its answer: no new count.
    expect((await send(before[1]!)).status).toBe(202)

    const total = 300 + during.length + 150
    await until('every event counted', async () => (await played(podcastId)) >= total, 120_000)
    await until('the queue drained', async () => (await pending()) === 0, 120_000)
    expect(await played(podcastId)).toBe(total)
  }, 300_000)
})
