import { Queue, Worker } from 'bullmq'
import type { Redis } from 'ioredis'
import { logQueueErrors, type Clock, type Logger } from '@bookstrut/core'
import { logFailures } from './log-failures.js'

/** What a repeatable job's worker is started with, beside what its run needs. */
export interface RepeatableJobDeps {
  connection: Redis
  prefix: string
  clock: Clock
  logger: Logger
  /** how often the job runs (each job has its default) */
  everyMs?: number
}

export interface RepeatableWorkerOptions {
  /** the queue's name: also the job's name, and the scheduler's id is `<queue>-every` */
  queue: string
  everyMs: number
  /** one run of the job; what it returns is the job's result */
  run: () => Promise<unknown>
  connection: Redis
  prefix: string
  logger: Logger
  /** retries of a failed run, with exponential backoff from `backoffMs` */
  attempts?: number
  backoffMs?: number
  /** how many finished jobs (each of completed and failed) Redis keeps */
  keep?: number
}

/**
 * A repeatable job: a BullMQ job scheduler adds one job every `everyMs` (the first at once) and one worker (one
 * job at a time) runs it. Upserting the scheduler is idempotent, so every worker process may do it; a run that
 * fails is retried with backoff and the next run comes anyway.
 */
export function startRepeatableWorker(opts: RepeatableWorkerOptions) {
  const { queue: name, connection, prefix, logger } = opts
  const worker = new Worker(name, () => opts.run(), { connection, prefix, concurrency: 1 })
  logFailures(worker, name, logger)
  const queue = new Queue(name, { connection, prefix })
  logQueueErrors(queue, name, logger)
  const keep = { count: opts.keep ?? 100 }
  // One scheduler per deployment, however many worker processes upsert it.
  const scheduled = queue.upsertJobScheduler(
    `${name}-every`,
    { every: opts.everyMs },
    {
      name,
      data: {},
      opts: {
        attempts: opts.attempts ?? 3,
        backoff: { type: 'exponential', delay: opts.backoffMs ?? 5000 },
        removeOnComplete: keep,
        removeOnFail: keep,
      },
    },
  )
  return {
    name: worker.name,
    async waitUntilReady() {
      await Promise.all([worker.waitUntilReady(), scheduled])
    },
    async close() {
      await worker.close()
      await scheduled.catch(() => undefined)
      await queue.close()
    },
  }
}
