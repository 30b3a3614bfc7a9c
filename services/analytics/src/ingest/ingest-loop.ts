import { TypeCompiler } from '@sinclair/typebox/compiler'
import type { Logger, TakenJob } from '@bookstrut/core'
import { AnalyticsEvent } from '@bookstrut/schemas'
import type { AnalyticsStore } from '../analytics-store.js'
import { migrateAnalytics } from '../analytics-schema.js'
import { insertEvents } from '../insert-events.js'

/**
 * Every taken job's payload is checked before it is stored: compiled once, as the check of each event is the
 * ingest worker's one per-event cost in JavaScript (about 1.4 ms per 1,000 events against 12 ms for the
 * interpreted Value.Check, on the 2-core machine: what issue 45 adds to an event costs less than it saves).
 */
const isAnalyticsEvent = TypeCompiler.Compile(AnalyticsEvent)

/**
 * The queue side of the ingest loop, as the worker's BullMQ wiring gives it (workers/src/ingest): jobs are taken
 * many at a time and acknowledged many per call; the rare paths (a bad payload, a store that is down) are per job.
 */
export interface IngestQueue {
  /** resolves once the queue connection is ready (and its stalled-job check runs) */
  ready(): Promise<void>
  /** waits a moment for the next job; undefined when none came */
  next(): Promise<TakenJob | undefined>
  /** up to `max` jobs already waiting, without waiting */
  take(max: number): Promise<TakenJob[]>
  /** acknowledges held jobs; answers the ids refused (their lock expired: they are taken again) */
  complete(ids: readonly string[]): Promise<string[]>
  /** gives up on a held job for good (a payload that can never be stored) */
  fail(id: string, reason: string): Promise<void>
  /** puts held jobs back, to be taken again at `at` (ms), spending none of their attempts */
  retryAt(ids: readonly string[], at: number): Promise<void>
}

export interface IngestLoopOptions {
  store: AnalyticsStore
  logger: Logger
  /** a batch is written once it holds this many events… */
  flushRows: number
  /** …or once its first event has waited this long */
  flushMs: number
  /** between the insert and the acknowledgement (the crash tests stop the process there) */
  afterInsert?: (events: number) => Promise<void>
}

export interface IngestLoop {
  /** writes and acknowledges the batch in hand, then ends */
  stop(): Promise<void>
}

/** The longest the loop waits for a store that is down before trying again. */
export const MAX_STORE_BACKOFF_MS = 30_000
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * The ingest loop: takes analytics events off the queue many at a time and writes each batch to the analytics store
 * in one INSERT before acknowledging its jobs.
 *
 * Exactly once in effect: if the process dies between the insert and the acknowledgement, its jobs are taken again
 * once their lock expires and the batch is inserted again, which the store folds away (every count is over
 * distinct event ids). While the store is down, the batch's jobs go back to the queue, delayed by a backoff that
 * doubles up to MAX_STORE_BACKOFF_MS; that spends none of their attempts, so nothing is ever given up on.
 */
export function runIngestLoop(queue: IngestQueue, opts: IngestLoopOptions): IngestLoop {
  const { logger } = opts
  let stopping = false
  let migrated = false
  let failures = 0

  /** Up to flushRows jobs: waits for the first, then takes what comes until the batch is full or flushMs passed. */
  async function collect(): Promise<TakenJob[]> {
    const first = await queue.next()
    if (!first) return []
    const jobs: TakenJob[] = [first]
    const deadline = Date.now() + opts.flushMs
    while (jobs.length < opts.flushRows && !stopping) {
      const want = opts.flushRows - jobs.length
      const got = await queue.take(want)
      jobs.push(...got)
      if (got.length === want) continue
      const left = deadline - Date.now()
      if (left <= 0) break
      await sleep(Math.min(20, left))
    }
    return jobs
  }

  async function flush(jobs: TakenJob[]) {
    const valid: { id: string; event: AnalyticsEvent }[] = []
    for (const job of jobs) {
      if (isAnalyticsEvent.Check(job.data)) valid.push({ id: job.id, event: job.data })
      else {
        logger.error({ jobId: job.id }, 'ingest job payload is not an AnalyticsEvent; dropped')
        await queue.fail(job.id, 'payload does not match AnalyticsEvent')
      }
    }
    if (valid.length === 0) return
    try {
      if (!migrated) {
        await migrateAnalytics(opts.store)
        migrated = true
      }
      await insertEvents(
        opts.store,
        valid.map((v) => v.event),
        new Date(),
      )
    } catch (err) {
      failures += 1
      const delay = Math.min(MAX_STORE_BACKOFF_MS, 500 * 2 ** (failures - 1))
      if (failures === 1) logger.warn({ err, events: valid.length }, 'analytics store unavailable; retrying')
      await queue.retryAt(
        valid.map((v) => v.id),
        Date.now() + delay,
      )
      if (!stopping) await sleep(delay)
      return
    }
    if (failures > 0) logger.info({ failures }, 'analytics store available again')
    failures = 0
    await opts.afterInsert?.(valid.length)
    const refused = await queue.complete(valid.map((v) => v.id))
    // A job whose lock expired before this (a batch stuck longer than the lock) was put back and is taken again:
    // stored twice, counted once.
    if (refused.length > 0)
      logger.warn({ jobs: refused.length }, 'ingest jobs lost their lock before acknowledgement')
  }

  const failed = async (err: unknown) => {
    logger.error({ err }, 'ingest batch failed; its jobs will be taken again')
    await sleep(1000)
  }

  // Two stages, overlapped: the next batch is collected from the queue while the last one is written and
  // acknowledged (each batch is still acknowledged only after its own insert; at most one batch is being written).
  const loop = (async () => {
    await queue.ready()
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
    async stop() {
      stopping = true
      await loop
    },
  }
}
