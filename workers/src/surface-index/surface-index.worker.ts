import type { Worker } from 'bullmq'
import type { Redis } from 'ioredis'
import type { Config, Db, Logger } from '@bookstrut/core'
import { QueueNames, SurfaceIndexJob } from '@bookstrut/schemas'
import { createSurfaceIndex, loadSurfaceBook, publicSurfaceBooks, type SurfaceIndex } from '@bookstrut/search'
import { createCheckedWorker } from '../checked-worker.js'

export interface SurfaceIndexWorkerDeps {
  connection: Redis
  prefix: string
  db: Db
  index: SurfaceIndex
  /** resolves once the index exists with its settings (jobs wait for it) */
  ready: () => Promise<void>
  logger: Logger
}

export type SurfaceIndexOutcome = 'indexed' | 'removed'

/**
 * Brings one book's entry in the keyword index in line with the database: indexed when public, removed when
 * pending, rejected, taken down or deleted. It reads the book's current state, so a repeated, retried or late
 * job has the effect of one.
 */
export async function syncSurfaceBook(
  deps: Pick<SurfaceIndexWorkerDeps, 'db' | 'index'>,
  bookId: string,
): Promise<SurfaceIndexOutcome> {
  const book = await loadSurfaceBook(deps.db, bookId)
  if (book?.public) {
    await deps.index.upsert([book])
    return 'indexed'
  }
  await deps.index.remove([bookId])
  return 'removed'
}

/** One job at a time per process, so two changes of one book reach the index in the order they were read. */
export function createSurfaceIndexWorker(deps: SurfaceIndexWorkerDeps) {
  return createCheckedWorker({
    queue: QueueNames.surfaceIndex,
    payload: SurfaceIndexJob,
    payloadName: 'SurfaceIndexJob',
    async run(data, job) {
      await deps.ready()
      const { podcastId: bookId, requestId } = data
      const outcome = await syncSurfaceBook(deps, bookId)
      deps.logger.debug({ jobId: job.id, requestId, bookId, outcome }, 'surface index updated')
      return outcome
    },
    connection: deps.connection,
    prefix: deps.prefix,
    logger: deps.logger,
  })
}

/**
 * Rebuilds the whole index from PostgreSQL: every public book, streamed in pages; what is no longer public
 * is dropped. Run at worker start, so changes made while Meilisearch or the worker was down are caught up.
 */
export async function reindexSurface(
  deps: Pick<SurfaceIndexWorkerDeps, 'db' | 'index' | 'logger'>,
  signal?: AbortSignal,
): Promise<{ indexed: number }> {
  const started = performance.now()
  const result = await deps.index.reindex(publicSurfaceBooks(deps.db, 500, signal))
  deps.logger.info(
    { index: deps.index.name, indexed: result.indexed, ms: Math.round(performance.now() - started) },
    'surface index rebuilt',
  )
  return result
}

/**
 * The surface-index worker for this deployment's index (start it only when Meilisearch is configured: the
 * PostgreSQL index needs no sync). Creates the index and its settings, then runs a full reindex in the
 * background; closing the worker stops that reindex and closes the index.
 */
export function startSurfaceIndexWorker(deps: {
  config: Pick<Config, 'search'>
  connection: Redis
  prefix: string
  db: Db
  logger: Logger
}): Worker {
  const index = createSurfaceIndex(deps.config, deps.db)
  let settings: Promise<void> | null = null
  const ready = () =>
    (settings ??= index.ensureSettings().catch((err: unknown) => {
      settings = null // the next job tries again
      throw err
    }))
  const worker = createSurfaceIndexWorker({ ...deps, index, ready })
  const stop = new AbortController()
  const reindexing = ready()
    .then(() => reindexSurface({ ...deps, index }, stop.signal))
    .catch((err: unknown) => {
      if (stop.signal.aborted) deps.logger.info('surface index rebuild stopped: the worker is closing')
      else deps.logger.error({ queue: QueueNames.surfaceIndex, err }, 'surface index rebuild failed')
    })
  worker.once('closing', () => stop.abort())
  worker.once('closed', () => {
    void reindexing.then(() => index.close())
  })
  return worker
}
