import { Queue, type JobsOptions } from 'bullmq'
import type { Redis } from 'ioredis'
import { bulkAddJobs, type BulkAdd } from './bulk-add-jobs.js'
import type { Logger } from '../logger.js'
import { logQueueErrors, RedisNotConnectedError } from '../runtime/redis-outages.js'
import {
  QueueNames,
  type AnalyticsEvent,
  type EmbedJob,
  type FoundItJob,
  type LibraryImportJob,
  type MailJob,
  type SurfaceIndexJob,
  type Top20Job,
} from '@bookstrut/schemas'

/** Payload type of each queue. */
export interface JobPayloads {
  [QueueNames.mail]: MailJob
  [QueueNames.embed]: EmbedJob
  [QueueNames.surfaceIndex]: SurfaceIndexJob
  [QueueNames.ingest]: AnalyticsEvent
  [QueueNames.top20]: Top20Job
  [QueueNames.foundIt]: FoundItJob
  [QueueNames.libraryImport]: LibraryImportJob
}
export type QueueName = keyof JobPayloads

/** Retries with backoff; completed jobs are dropped, failed ones kept for inspection. */
export const defaultJobOptions: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: true,
  removeOnFail: { count: 1000 },
}

/**
 * Analytics events: never given up on. A store that is down is waited for by the ingest worker itself (it puts
 * the jobs back with its own backoff, which spends no attempt), so `attempts` only bounds what BullMQ itself
 * retries. Completed jobs stay an hour, so an event id sent again within it is a no-op at the queue already (the
 * store deduplicates beyond that).
 */
export const ingestJobOptions: JobsOptions = {
  ...defaultJobOptions,
  removeOnComplete: { age: 3600, count: 100_000 },
  removeOnFail: { count: 10_000 },
}

const jobOptionsOf = (name: QueueName): JobsOptions =>
  name === QueueNames.ingest ? ingestJobOptions : defaultJobOptions

export interface Queues {
  /** Adds a job. `jobId` is the business key: adding the same id twice is a no-op. */
  enqueue<N extends QueueName>(name: N, data: JobPayloads[N], jobId: string): Promise<void>
  /** Adds many jobs in one round trip (imports); same idempotency by `jobId`. */
  enqueueMany<N extends QueueName>(name: N, jobs: { data: JobPayloads[N]; jobId: string }[]): Promise<void>
  close(): Promise<void>
}

/**
 * The typed queues on one connection. `logger` gets their errors other than Redis being down (logQueueErrors); the
 * app and the workers always give one (without a listener BullMQ prints errors on stderr).
 */
export function createQueues(connection: Redis, prefix: string, logger?: Pick<Logger, 'error'>): Queues {
  const queues = new Map<QueueName, Queue>()
  const queue = (name: QueueName) => {
    let q = queues.get(name)
    if (!q) {
      q = new Queue(name, { connection, prefix, defaultJobOptions: jobOptionsOf(name) })
      if (logger) logQueueErrors(q, name, logger)
      queues.set(name, q)
    }
    return q
  }
  // Analytics events come by the thousand a second: many jobs per Redis call (bulk-add-jobs.ts).
  let ingestAdd: BulkAdd | undefined
  // BullMQ waits for a reconnecting connection before it adds a job: while Redis is down a request would hang
  // until it is back. It is refused at once instead (the api answers 503 with Retry-After).
  const assertConnected = () => {
    if (connection.status !== 'ready') throw new RedisNotConnectedError()
  }
  return {
    async enqueue(name, data, jobId) {
      assertConnected()
      await queue(name).add(name, data, { jobId })
    },
    async enqueueMany(name, jobs) {
      if (jobs.length === 0) return
      assertConnected()
      if (name === QueueNames.ingest) {
        ingestAdd ??= bulkAddJobs(connection, queue(name), name)
        return ingestAdd(jobs)
      }
      await queue(name).addBulk(jobs.map((j) => ({ name, data: j.data, opts: { jobId: j.jobId } })))
    },
    async close() {
      await Promise.all([...queues.values()].map((q) => q.close()))
    },
  }
}
