import { Queue, Worker } from 'bullmq'
import type { Redis } from 'ioredis'
import { logQueueErrors, type Clock, type Logger } from '@bookstrut/core'
import { QueueNames } from '@bookstrut/schemas'
import { refreshTopics, type RefreshTopicsDeps } from '@bookstrut/search'
import { logFailures } from '../log-failures.js'

/** How often topic pages are made again by default: they follow readers' searches within the hour. */
export const TOPICS_EVERY_MS = 60 * 60_000
/** The scheduler's id: one per deployment, however many worker processes upsert it. */
const SCHEDULER_ID = 'topics-every'

export interface TopicsWorkerDeps extends RefreshTopicsDeps {
  connection: Redis
  prefix: string
  clock: Clock
  logger: Logger
  everyMs?: number
}

/**
 * The topics job: a BullMQ job scheduler (repeatable job) adds one `topics` job every `everyMs` (the first at once)
 * and this worker remakes the set (refreshTopics: all or nothing, the same searches giving the same set). A failed
 * run (the idea index still loading) is retried with backoff; the stored set stays meanwhile.
 */
export function startTopicsWorker(deps: TopicsWorkerDeps) {
  const worker = new Worker(
    QueueNames.topics,
    async () => {
      const topics = await refreshTopics(deps, deps.clock.now())
      deps.logger.info({ topics: topics?.length ?? 'kept' }, 'topics refreshed')
      return topics?.length ?? 0
    },
    { connection: deps.connection, prefix: deps.prefix, concurrency: 1 },
  )
  logFailures(worker, QueueNames.topics, deps.logger)
  const queue = new Queue(QueueNames.topics, { connection: deps.connection, prefix: deps.prefix })
  logQueueErrors(queue, QueueNames.topics, deps.logger)
  const scheduled = queue.upsertJobScheduler(
    SCHEDULER_ID,
    { every: deps.everyMs ?? TOPICS_EVERY_MS },
    {
      name: QueueNames.topics,
      data: {},
      opts: {
        attempts: 3,
        backoff: { type: 'exponential', delay: 10_000 },
        removeOnComplete: { count: 50 },
        removeOnFail: { count: 50 },
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
