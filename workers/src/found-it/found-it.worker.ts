import type { Redis } from 'ioredis'
import type { Clock, Db, Logger, Queues } from '@bookstrut/core'
import { FoundItJob, QueueNames } from '@bookstrut/schemas'
import { embeddingsRepo, settleFoundIdeas } from '@bookstrut/search'
import { createCheckedWorker } from '../checked-worker.js'

export interface FoundItWorkerDeps {
  connection: Redis
  prefix: string
  db: Db
  queues: Queues
  clock: Clock
  logger: Logger
}

/**
 * Weighs a book's "found it" confirmations (settleFoundIdeas: idempotent) and, when the agreed ideas changed,
 * queues the book's embedding: its vectors' source now holds them, so the embed worker makes them passages of the
 * book (and the api's lexical index reads them with its text). The embed job's id names the new text, so a retried
 * job queues no second embedding of the same text; a job lost between the two is caught by the embed sweep, which
 * finds the book's vectors stale.
 */
export function createFoundItWorker(deps: FoundItWorkerDeps) {
  // One at a time: a book's settling is one short transaction; confirmations are a trickle.
  return createCheckedWorker({
    queue: QueueNames.foundIt,
    payload: FoundItJob,
    payloadName: 'FoundItJob',
    async run({ podcastId: bookId }) {
      const changed = await settleFoundIdeas(deps.db, bookId, deps.clock.now())
      if (!changed) return 'unchanged'
      const hash = await embeddingsRepo.currentSourceHash(deps.db, bookId)
      if (hash)
        await deps.queues.enqueue(QueueNames.embed, { podcastId: bookId }, `embed-${bookId}-found-${hash}`)
      return 'agreed ideas changed'
    },
    connection: deps.connection,
    prefix: deps.prefix,
    logger: deps.logger,
  })
}
