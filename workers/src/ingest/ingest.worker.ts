import { randomUUID } from 'node:crypto'
import { Job, UnrecoverableError, Worker } from 'bullmq'
import type { Redis } from 'ioredis'
import { QueueNames } from '@bookstrut/schemas'
import { runIngestLoop, type IngestLoopOptions } from '@bookstrut/analytics'
import { bulkJobs, ingestJobOptions, logQueueErrors, type KeepCompleted } from '@bookstrut/core'

export interface IngestWorkerDeps extends IngestLoopOptions {
  connection: Redis
  prefix: string
  /** how long a taken job stays ours without being acknowledged; after it a crashed worker's jobs are taken again */
  lockMs?: number
}

export interface RunningIngest {
  readonly name: string
  waitUntilReady(): Promise<unknown>
  close(): Promise<void>
}

/**
 * The ingest worker: BullMQ's wiring around the ingest loop (@bookstrut/analytics, runIngestLoop). Open-source BullMQ
 * processes one job at a time, so the worker waits for the first with getNextJob and takes the rest, and later
 * acknowledges them, hundreds per Redis call (bulkJobs in @bookstrut/core's queue adapter); the rare paths (a bad
 * payload, a store that is down) go through BullMQ's own per-job calls.
 */
export function startIngestWorker(deps: IngestWorkerDeps): RunningIngest {
  const lockMs = deps.lockMs ?? 60_000
  const worker = new Worker(QueueNames.ingest, null, {
    connection: deps.connection,
    prefix: deps.prefix,
    autorun: false,
    lockDuration: lockMs,
    stalledInterval: Math.max(500, Math.floor(lockMs / 2)),
    // A job is put back after every crash, however many: losing an event is worse than waiting for it.
    maxStalledCount: 1_000_000,
    // How long an idle worker blocks on Redis before looking again (and noticing close()).
    drainDelay: 1,
  })
  logQueueErrors(worker, QueueNames.ingest, deps.logger)
  const token = randomUUID()
  const bulk = bulkJobs(deps.connection, worker, {
    token,
    lockMs,
    workerName: '',
    attempts: ingestJobOptions.attempts ?? 1,
    keep: ingestJobOptions.removeOnComplete as KeepCompleted,
  })
  const jobOf = async (id: string) => {
    const job = await Job.fromId(worker, id)
    if (!job) throw new Error(`ingest job ${id} vanished while held`)
    return job
  }

  const loop = runIngestLoop(
    {
      async ready() {
        await worker.waitUntilReady()
        await worker.startStalledCheckTimer()
      },
      async next() {
        const job = await worker.getNextJob(token, { block: true })
        return job?.id ? { id: job.id, data: job.data as unknown } : undefined
      },
      take: (max) => bulk.take(max),
      complete: (ids) => bulk.complete(ids),
      async fail(id, reason) {
        await (await jobOf(id)).moveToFailed(new UnrecoverableError(reason), token, false)
      },
      async retryAt(ids, at) {
        const held = await Promise.all(ids.map(jobOf))
        await Promise.all(held.map((job) => job.moveToDelayed(at, token)))
      },
    },
    deps,
  )

  return {
    name: QueueNames.ingest,
    waitUntilReady: () => worker.waitUntilReady(),
    async close() {
      // The batch in hand is written and acknowledged first (an idle wait ends within drainDelay, 1 s).
      await loop.stop()
      await worker.close()
    },
  }
}
