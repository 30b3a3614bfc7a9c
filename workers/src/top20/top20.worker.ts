import { Queue, Worker } from 'bullmq'
import type { Redis } from 'ioredis'
import { migrateAnalytics } from '@bookstrut/analytics'
import { logQueueErrors, type Clock, type Logger } from '@bookstrut/core'
import { QueueNames } from '@bookstrut/schemas'
import { logFailures } from '../log-failures.js'
import { rankTop20, type Top20Deps } from './top20-ranking.js'

/** How often the Top 20 is computed by default: the home page is at most this stale. */
export const TOP20_EVERY_MS = 5 * 60_000
/** The scheduler's id: one per deployment, however many worker processes upsert it. */
const SCHEDULER_ID = 'top20-every'

export interface Top20WorkerDeps extends Top20Deps {
  connection: Redis
  prefix: string
  clock: Clock
  logger: Logger
  everyMs?: number
}

/**
 * The Top 20 job: a BullMQ job scheduler (repeatable job) adds one `top20` job every `everyMs` (the first at once),
 * and this worker ranks and stores. Upserting the scheduler is idempotent, so every worker process may do it; a
 * job that fails (the analytics store down) is retried with backoff and the next run comes anyway.
 */
export function startTop20Worker(deps: Top20WorkerDeps) {
  let migrated = false
  const worker = new Worker(
    QueueNames.top20,
    async () => {
      // The store's tables may not exist yet (no event ingested since the store was created).
      if (!migrated) {
        await migrateAnalytics(deps.store)
        migrated = true
      }
      const entries = await rankTop20(deps, deps.clock.now())
      deps.logger.info({ titles: entries.length }, 'top 20 ranked')
      return entries.length
    },
    { connection: deps.connection, prefix: deps.prefix, concurrency: 1 },
  )
  logFailures(worker, QueueNames.top20, deps.logger)
  const queue = new Queue(QueueNames.top20, { connection: deps.connection, prefix: deps.prefix })
  logQueueErrors(queue, QueueNames.top20, deps.logger)
  const scheduled = queue.upsertJobScheduler(
    SCHEDULER_ID,
    { every: deps.everyMs ?? TOP20_EVERY_MS },
    {
      name: QueueNames.top20,
      data: {},
      opts: {
        attempts: 3,
        backoff: { type: 'exponential', delay: 5000 },
        removeOnComplete: { count: 100 },
        removeOnFail: { count: 100 },
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
