import type { Redis } from 'ioredis'
import type { Clock, Db, Logger, Queues } from '@bookstrut/core'
import { runImport } from '@bookstrut/library'
import { LibraryImportJob, QueueNames } from '@bookstrut/schemas'
import { createCheckedWorker } from '../checked-worker.js'

export interface LibraryImportWorkerDeps {
  connection: Redis
  prefix: string
  db: Db
  queues: Queues
  clock: Clock
  logger: Logger
}

/**
 * Matches and shelves one reader's staged import (runImport: a batch per transaction, resumed from the first
 * undecided row when retried), reporting its progress on the job as the share of rows decided.
 */
export function createLibraryImportWorker(deps: LibraryImportWorkerDeps) {
  return createCheckedWorker({
    queue: QueueNames.libraryImport,
    payload: LibraryImportJob,
    payloadName: 'LibraryImportJob',
    run: ({ importId }, job) =>
      runImport(deps, importId, (processed, total) =>
        job.updateProgress(total === 0 ? 100 : Math.round((processed / total) * 100)),
      ),
    connection: deps.connection,
    prefix: deps.prefix,
    logger: deps.logger,
  })
}
