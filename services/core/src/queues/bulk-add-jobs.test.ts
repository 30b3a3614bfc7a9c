import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Queue, Worker } from 'bullmq'
import type { Redis } from 'ioredis'
import { createRedis } from '../runtime/redis.js'
import { ingestJobOptions } from './queues.js'
import { bulkAddJobs } from './bulk-add-jobs.js'
import { testPrefix, testRedisUrl } from '../testing/index.js'

// Many jobs per Redis call through BullMQ's own addStandardJob script: on real Redis, each job is stored exactly as
// BullMQ's addBulk stores it, a repeated id is no new job, and a BullMQ worker takes them as its own.

let connection: Redis
beforeAll(async () => {
  connection = createRedis(testRedisUrl, 'producer')
  await connection.connect()
})
afterAll(() => connection?.disconnect())

const queues: Queue[] = []
const newQueue = () => {
  const q = new Queue('bulk-add', { connection, prefix: testPrefix(), defaultJobOptions: ingestJobOptions })
  queues.push(q)
  return q
}
afterAll(async () => {
  for (const q of queues) {
    await q.obliterate({ force: true })
    await q.close()
  }
})

const jobs = Array.from({ length: 3 }, (_, i) => ({
  jobId: `e-${i}`,
  data: { id: `e-${i}`, type: 'play', n: i, note: 'quote " and \\ slash' },
}))

describe('bulkAddJobs', () => {
  it('stores each job exactly as BullMQ addBulk does', async () => {
    const theirs = newQueue()
    const ours = newQueue()
    await theirs.addBulk(jobs.map((j) => ({ name: 'bulk-add', data: j.data, opts: { jobId: j.jobId } })))
    await bulkAddJobs(connection, ours, 'bulk-add')(jobs)

    for (const { jobId } of jobs) {
      const { timestamp: t1, ...expected } = await connection.hgetall(theirs.toKey(jobId))
      const { timestamp: t2, ...actual } = await connection.hgetall(ours.toKey(jobId))
      expect(t1 && t2).toBeTruthy()
      expect({ ...actual, opts: JSON.parse(actual.opts!) as unknown }).toEqual({
        ...expected,
        opts: JSON.parse(expected.opts!) as unknown,
      })
    }
    expect(await connection.lrange(ours.keys.wait!, 0, -1)).toEqual(
      await connection.lrange(theirs.keys.wait!, 0, -1),
    )
    expect(await ours.getJobCounts('wait')).toEqual({ wait: 3 })
  })

  it('adds nothing for an id already there, and a BullMQ worker takes the jobs with their data', async () => {
    const queue = newQueue()
    const add = bulkAddJobs(connection, queue, 'bulk-add')
    await add(jobs)
    await add([{ jobId: 'e-1', data: { changed: true } }, ...jobs])
    expect(await queue.getJobCounts('wait')).toEqual({ wait: 3 })

    const workerConnection = createRedis(testRedisUrl, 'worker')
    const worker = new Worker('bulk-add', null, {
      connection: workerConnection,
      prefix: queue.opts.prefix,
      autorun: false,
    })
    try {
      await worker.waitUntilReady()
      const taken = []
      for (let i = 0; i < 3; i++) taken.push(await worker.getNextJob('token', { block: false }))
      expect(taken.map((j) => [j?.id, j?.data, j?.opts.attempts])).toEqual(
        jobs.map((j) => [j.jobId, j.data, ingestJobOptions.attempts]),
      )
    } finally {
      await worker.close()
      workerConnection.disconnect()
    }
  })
})
