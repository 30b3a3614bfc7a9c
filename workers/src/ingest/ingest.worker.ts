import { randomUUID } from 'node:crypto'
import { Job, UnrecoverableError, Worker } from 'bullmq'
import { Value } from '@sinclair/typebox/value'
import type { Redis } from 'ioredis'
import { insertEvents, migrateAnalytics, type AnalyticsStore } from '@bookstrut/analytics'
import { ingestJobOptions, logQueueErrors, type Logger } from '@bookstrut/core'
import { AnalyticsEvent, QueueNames } from '@bookstrut/schemas'
import { bulkJobs, type KeepCompleted, type TakenJob } from './bulk-jobs.js'

export interface IngestWorkerDeps {
  connection: Redis
  prefix: string
  store: AnalyticsStore
  logger: Logger
  /** a batch is written once it holds this many events… */
  flushRows: number
  /** …or once its first event has waited this long */
  flushMs: number
  /** how long a taken job stays ours without being acknowledged; after it a crashed worker's jobs are taken again */
  lockMs?: number
  /** between the insert and the acknowledgement (the crash tests stop the process there) */
  afterInsert?: (events: number) => Promise<void>
}

export interface RunningIngest {
  readonly name: string
  waitUntilReady(): Promise<unknown>
  close(): Promise<void>
}

/** The longest the worker waits for a store that is down before trying again. */
export const MAX_STORE_BACKOFF_MS = 30_000
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * The ingest worker: takes analytics events off the queue many at a time (open-source BullMQ processes one job at a
 * time, so the worker waits for the first with getNextJob and takes the rest, and later acknowledges them, hundreds
 * per Redis call: bulk-jobs.ts), and writes each batch to the analytics store in one INSERT before acknowledging
 * its jobs.
 *
 * Exactly once in effect: if the process dies between the insert and the acknowledgement, its jobs are taken again
 * once their lock expires and the batch is inserted again, which the store folds away (every count is over
 * distinct event ids). While the store is down, the batch's jobs go back to the queue, delayed by a backoff that
 * doubles up to MAX_STORE_BACKOFF_MS; that spends none of their attempts, so nothing is ever given up on.
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
  const keep = ingestJobOptions.removeOnComplete as KeepCompleted
  const bulk = bulkJobs(deps.connection, worker, {
    token,
    lockMs,
    workerName: '',
    attempts: ingestJobOptions.attempts ?? 1,
    keep,
  })
  let stopping = false
  let migrated = false
  let failures = 0

  /** Up to flushRows jobs: waits for the first, then takes what comes until the batch is full or flushMs passed. */
  async function collect(): Promise<TakenJob[]> {
    const first = await worker.getNextJob(token, { block: true })
    if (!first?.id) return []
    const jobs: TakenJob[] = [{ id: first.id, data: first.data as unknown }]
    const deadline = Date.now() + deps.flushMs
    while (jobs.length < deps.flushRows && !stopping) {
      const want = deps.flushRows - jobs.length
      const got = await bulk.take(want)
      jobs.push(...got)
      if (got.length === want) continue
      const left = deadline - Date.now()
      if (left <= 0) break
      await sleep(Math.min(20, left))
    }
    return jobs
  }

  /** The rare paths (a bad payload, a store that is down) go through BullMQ's own per-job calls. */
  const jobOf = async (id: string) => {
    const job = await Job.fromId(worker, id)
    if (!job) throw new Error(`ingest job ${id} vanished while held`)
    return job
  }

  async function flush(jobs: TakenJob[]) {
    const valid: { id: string; event: AnalyticsEvent }[] = []
    for (const job of jobs) {
      if (Value.Check(AnalyticsEvent, job.data)) valid.push({ id: job.id, event: job.data })
      else {
        deps.logger.error({ jobId: job.id }, 'ingest job payload is not an AnalyticsEvent; dropped')
        await (
          await jobOf(job.id)
        ).moveToFailed(new UnrecoverableError('payload does not match AnalyticsEvent'), token, false)
      }
    }
    if (valid.length === 0) return
    try {
      if (!migrated) {
        await migrateAnalytics(deps.store)
        migrated = true
      }
      await insertEvents(
        deps.store,
        valid.map((v) => v.event),
        new Date(),
      )
    } catch (err) {
      failures += 1
      const delay = Math.min(MAX_STORE_BACKOFF_MS, 500 * 2 ** (failures - 1))
      if (failures === 1)
        deps.logger.warn({ err, events: valid.length }, 'analytics store unavailable; retrying')
      const held = await Promise.all(valid.map((v) => jobOf(v.id)))
      await Promise.all(held.map((job) => job.moveToDelayed(Date.now() + delay, token)))
      if (!stopping) await sleep(delay)
      return
    }
    if (failures > 0) deps.logger.info({ failures }, 'analytics store available again')
    failures = 0
    await deps.afterInsert?.(valid.length)
    const refused = await bulk.complete(valid.map((v) => v.id))
    // A job whose lock expired before this (a batch stuck longer than lockMs) was put back and is taken again:
    // stored twice, counted once.
    if (refused.length > 0)
      deps.logger.warn({ jobs: refused.length }, 'ingest jobs lost their lock before acknowledgement')
  }

  const failed = async (err: unknown) => {
    deps.logger.error({ err }, 'ingest batch failed; its jobs will be taken again')
    await sleep(1000)
  }

  // Two stages, overlapped: the next batch is collected from Redis while the last one is written and acknowledged
  // (each batch is still acknowledged only after its own insert; at most one batch is being written).
  const loop = (async () => {
    await worker.waitUntilReady()
    await worker.startStalledCheckTimer()
    let writing: Promise<void> = Promise.resolve()
    while (!stopping) {
      let jobs: TakenJob[]
      try {
        jobs = await collect()
      } catch (err) {
        if (stopping) break
        await failed(err)
        continue
      }
      await writing
      writing = flush(jobs).catch((err: unknown) => (stopping ? undefined : failed(err)))
    }
    await writing
  })()

  return {
    name: QueueNames.ingest,
    waitUntilReady: () => worker.waitUntilReady(),
    async close() {
      stopping = true
      // The batch in hand is written and acknowledged first (an idle wait ends within drainDelay, 1 s).
      await loop
      await worker.close()
    },
  }
}
