import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Job, Queue, Worker } from 'bullmq'
import type { Redis } from 'ioredis'
import { createRedis } from '../runtime/redis.js'
import { testPrefix, testRedisUrl } from '../testing/index.js'
import { bulkJobs } from './bulk-jobs.js'

// BullMQ's own scripts run many jobs per call (bulk-jobs.ts): on real Redis, the jobs end up exactly as BullMQ's
// one-job calls leave them (locked and active, then completed and kept), and BullMQ's own API agrees.

let connection: Redis
beforeAll(async () => {
  connection = createRedis(testRedisUrl, 'worker')
  await connection.connect()
})
afterAll(() => connection?.disconnect())

async function setup(jobs: number) {
  const prefix = testPrefix()
  const queue = new Queue('bulk-test', {
    connection,
    prefix,
    defaultJobOptions: { removeOnComplete: { age: 3600, count: 100 } },
  })
  await queue.addBulk(
    Array.from({ length: jobs }, (_, i) => ({ name: 'e', data: { n: i }, opts: { jobId: `job-${i}` } })),
  )
  const worker = new Worker('bulk-test', null, { connection, prefix, autorun: false, lockDuration: 30_000 })
  await worker.waitUntilReady()
  const close = async () => {
    await worker.close()
    await queue.obliterate({ force: true })
    await queue.close()
  }
  return { queue, worker, close }
}

describe('bulk take and complete', () => {
  it('takes waiting jobs oldest first, locked with our token, and completes them as BullMQ does', async () => {
    const { queue, worker, close } = await setup(1200)
    try {
      const bulk = bulkJobs(connection, worker, {
        token: 'token-a',
        lockMs: 30_000,
        workerName: '',
        attempts: 1,
        keep: { age: 3600, count: 100 },
      })
      // More than one call's worth (500 a call), and more than there are.
      const taken = await bulk.take(1000)
      expect(taken.map((t) => t.id)).toEqual(Array.from({ length: 1000 }, (_, i) => `job-${i}`))
      expect(taken[7]!.data).toEqual({ n: 7 })
      expect(await queue.getJobCounts('wait', 'active', 'completed')).toEqual({
        wait: 200,
        active: 1000,
        completed: 0,
      })
      expect(await connection.get(`${queue.toKey('job-3')}:lock`)).toBe('token-a')
      expect(await (await Job.fromId(queue, 'job-3'))!.getState()).toBe('active')

      const rest = await bulk.take(1000)
      expect(rest).toHaveLength(200)
      expect(await bulk.take(10)).toEqual([])

      expect(await bulk.complete(taken.map((t) => t.id))).toEqual([])
      // Kept as removeOnComplete says (the newest 100 of them), the lock released.
      expect(await queue.getJobCounts('active', 'completed')).toEqual({ active: 200, completed: 100 })
      expect(await connection.exists(`${queue.toKey('job-999')}:lock`)).toBe(0)
      expect(await (await Job.fromId(queue, 'job-999'))!.getState()).toBe('completed')
    } finally {
      await close()
    }
  })

  it('refuses to complete a job held under another token (its lock expired and someone else took it)', async () => {
    const { queue, worker, close } = await setup(3)
    try {
      const opts = { lockMs: 30_000, workerName: '', attempts: 1, keep: { count: 10 } }
      const mine = bulkJobs(connection, worker, { ...opts, token: 'token-a' })
      const theirs = bulkJobs(connection, worker, { ...opts, token: 'token-b' })
      expect((await theirs.take(1)).map((t) => t.id)).toEqual(['job-0'])
      expect((await mine.take(5)).map((t) => t.id)).toEqual(['job-1', 'job-2'])
      expect(await mine.complete(['job-0', 'job-1', 'job-2'])).toEqual(['job-0'])
      expect(await queue.getJobCounts('active', 'completed')).toEqual({ active: 1, completed: 2 })
      expect(await (await Job.fromId(queue, 'job-0'))!.getState()).toBe('active')
    } finally {
      await close()
    }
  })
})
