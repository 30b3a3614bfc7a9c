import { randomUUID } from 'node:crypto'
import { loadavg } from 'node:os'
import type { AddressInfo } from 'node:net'
import { parseArgs } from 'node:util'
import { sqlString, type AnalyticsStore } from '@bookstrut/analytics'
import { createRedis } from '@bookstrut/core'
import { buildListing, testRedisUrl } from '@bookstrut/core/testing'
import { buildTestApp, analyticsOf } from '@bookstrut/api/testing/app'
import { quantile } from './bench-stats.js'

/*
 * npm run bench:events [-- --events 20000 --rate 1000 --seconds 10]
 *
 * The one-process default, as `npm start` runs it: the api over real HTTP, BullMQ on the test Redis, the ingest
 * worker and chDB in the same process. Two phases:
 *  1. throughput: `events` plays sent as fast as 8 connections can (batches of 100 to POST /events); events/s
 *     accepted (202), and events/s stored (first send to the last one visible in the hourly aggregates); and the
 *     CPU it took per 1,000 events, this process's and Redis's (INFO cpu): on a shared machine the wall-clock rates
 *     follow the other jobs' load, the CPU time much less;
 *  2. freshness: `rate` events/s for `seconds`, in batches every 100 ms; per batch, the time from its 202 to its
 *     events being visible in the title's hourly aggregates (what the analytics panels read), p50/p95.
 * The server-made visitor identity (a salted hash per request) and the visibility check of every title (one
 * query per request, ghosts included) are in the path.
 */
const { values: args } = parseArgs({
  options: {
    events: { type: 'string', default: '20000' },
    rate: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '10' },
  },
})
const TOTAL = Number(args.events)
const RATE = Number(args.rate)
const SECONDS = Number(args.seconds)
const BATCH = 100
const CONNECTIONS = 8
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'

const t = await buildTestApp({ EVENTS_RATE_LIMIT_ANON: '1000000', LOG_LEVEL: 'silent' }, undefined)
await t.app.listen({ host: '127.0.0.1', port: 0 })
const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1`
const store = await analyticsOf(t)
const redisInfo = createRedis(testRedisUrl, 'producer')
await redisInfo.connect()

/** Redis's own CPU seconds so far (user + system). */
async function redisCpu(): Promise<number> {
  const info = await redisInfo.info('cpu')
  const field = (name: string) => Number(new RegExp(`${name}:([0-9.]+)`).exec(info)?.[1] ?? NaN)
  return field('used_cpu_user') + field('used_cpu_sys')
}

/**
 * One batch of plays with fresh anonymous ids (which the server ignores: it makes the visitor itself from the
 * address and agent, so every batch pays the identity and visibility checks of the real path).
 */
async function sendBatch(bookId: string, size: number): Promise<void> {
  const events = Array.from({ length: size }, () => ({
    type: 'play',
    podcastId: bookId,
    anonymousId: randomUUID(),
  }))
  const res = await fetch(`${base}/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER },
    body: JSON.stringify({ events }),
  })
  if (res.status !== 202) throw new Error(`POST /events answered ${res.status}: ${await res.text()}`)
  await res.arrayBuffer()
}

/**
 * The title's plays stored in the hourly aggregates the panels read (distinct event ids). Not the play count: one
 * visitor's plays count once a half hour (docs/analytics.md), and every play here comes from one address.
 */
async function counted(s: AnalyticsStore, bookId: string): Promise<number> {
  const [row] = await s.select(
    `SELECT uniqExactMerge(events) AS n FROM events_hourly WHERE podcast_id = ${sqlString(bookId)} AND type = 'play'`,
  )
  return Number((row as { n?: number | string } | undefined)?.n ?? 0)
}

async function throughput() {
  const { id: bookId } = await buildListing(t.app.db)
  const batches = Math.ceil(TOTAL / BATCH)
  let next = 0
  const cpuBefore = process.cpuUsage()
  const redisBefore = await redisCpu()
  const start = performance.now()
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < batches) {
        next += 1
        await sendBatch(bookId, BATCH)
      }
    }),
  )
  const accepted = performance.now()
  while ((await counted(store, bookId)) < batches * BATCH) await new Promise((r) => setTimeout(r, 50))
  const stored = performance.now()
  const cpu = process.cpuUsage(cpuBefore)
  const perThousand = 1000 / (batches * BATCH)
  return {
    events: batches * BATCH,
    processCpuMs: ((cpu.user + cpu.system) / 1000) * perThousand,
    redisCpuMs: ((await redisCpu()) - redisBefore) * 1000 * perThousand,
    acceptedPerSecond: (batches * BATCH) / ((accepted - start) / 1000),
    storedPerSecond: (batches * BATCH) / ((stored - start) / 1000),
  }
}

async function freshness() {
  const { id: bookId } = await buildListing(t.app.db)
  const perTick = Math.max(1, Math.round(RATE / 10))
  const ticks = SECONDS * 10
  const acceptedAt: number[] = []
  const latencies: number[] = []
  let done = false
  // Watches the counts: batch i is visible once (i + 1) x perTick plays are counted (one queue, in order).
  const watcher = (async () => {
    let seen = 0
    while (!done || seen < acceptedAt.length) {
      const n = await counted(store, bookId)
      const now = performance.now()
      while (seen < acceptedAt.length && n >= (seen + 1) * perTick) latencies.push(now - acceptedAt[seen++]!)
      await new Promise((r) => setTimeout(r, 20))
    }
  })()
  const start = performance.now()
  for (let i = 0; i < ticks; i++) {
    const due = start + i * 100
    const wait = due - performance.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    void sendBatch(bookId, perTick).then(() => acceptedAt.push(performance.now()))
  }
  while (acceptedAt.length < ticks) await new Promise((r) => setTimeout(r, 20))
  done = true
  await watcher
  return { rate: perTick * 10, p50: quantile(latencies, 0.5), p95: quantile(latencies, 0.95) }
}

try {
  const load = loadavg()[0]!.toFixed(1)
  const a = await throughput()
  const f = await freshness()
  console.log(
    `events bench (one process: api + BullMQ + ingest worker + chDB; load average ${load} at start)`,
  )
  console.log('| phase | figure |')
  console.log('|---|---|')
  console.log(
    `| throughput, ${a.events} plays in batches of ${BATCH} over ${CONNECTIONS} connections | ${Math.round(a.acceptedPerSecond)} events/s accepted (202), ${Math.round(a.storedPerSecond)} events/s stored |`,
  )
  console.log(
    `| CPU per 1,000 events in that phase | ${Math.round(a.processCpuMs)} ms in this process (api, worker, chDB), ${Math.round(a.redisCpuMs)} ms in Redis |`,
  )
  console.log(
    `| freshness at ${f.rate} events/s for ${SECONDS} s | accepted → counted p50 ${Math.round(f.p50)} ms, p95 ${Math.round(f.p95)} ms |`,
  )
} finally {
  redisInfo.disconnect()
  await store.close()
  await t.close()
}
