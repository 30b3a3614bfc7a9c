import { UnrecoverableError, Worker, type Job } from 'bullmq'
import { Value } from '@sinclair/typebox/value'
import type { Redis } from 'ioredis'
import { EmbedJob, QueueNames } from '@bookstrut/schemas'
import {
  embeddingsChannel,
  embeddingsRepo,
  type Db,
  type EmbeddingsChanged,
  type Logger,
} from '@bookstrut/core'
import { bookPassages, PASSAGE_SCHEME, type Embedder } from '@bookstrut/search'

export interface EmbedDeps {
  db: Db
  model: string
  /** the embedder, loaded on first use (a worker that never gets a job never loads a model) */
  embedder: () => Promise<Embedder>
  /** tells the api processes (Redis pub/sub); api processes also catch up on their own, see IdeaIndex */
  announce: (message: EmbeddingsChanged) => Promise<void>
}

export interface EmbedWorkerDeps extends EmbedDeps {
  connection: Redis
  prefix: string
  logger: Logger
}

/** Announces new vectors on the embeddings channel. */
export const publishTo =
  (publisher: Redis, prefix: string) =>
  async (message: EmbeddingsChanged): Promise<void> => {
    await publisher.publish(embeddingsChannel(prefix), JSON.stringify(message))
  }

export type EmbedOutcome = 'embedded' | 'up to date' | 'book gone'

/**
 * Computes and stores one book's vectors (its ideas and description passages) for the active model, then tells
 * every api process. Idempotent: a book whose stored vectors were made from its current text is skipped, so
 * a repeated or retried job does nothing twice.
 */
export async function embedBook(deps: EmbedDeps, podcastId: string): Promise<EmbedOutcome> {
  const source = await embeddingsRepo.findBookSource(deps.db, podcastId, PASSAGE_SCHEME)
  if (!source) return 'book gone'
  if ((await embeddingsRepo.findSourceHash(deps.db, podcastId, deps.model)) === source.sourceHash)
    return 'up to date'
  const embedder = await deps.embedder()
  const vectors = await embedder.embed(bookPassages(source))
  await embeddingsRepo.saveEmbedding(deps.db, {
    podcastId,
    model: deps.model,
    sourceHash: source.sourceHash,
    dimensions: embedder.dimensions,
    vectors,
  })
  await deps.announce({ podcastId, model: deps.model })
  return 'embedded'
}

/** One job at a time: inference already uses the embedder thread's cores, more jobs would only queue there. */
export function createEmbedWorker(deps: EmbedWorkerDeps) {
  const worker = new Worker(
    QueueNames.embed,
    async (job: Job<unknown>) => {
      if (!Value.Check(EmbedJob, job.data))
        throw new UnrecoverableError('embed job payload does not match EmbedJob')
      const started = performance.now()
      const outcome = await embedBook(deps, job.data.podcastId)
      if (outcome === 'embedded')
        deps.logger.debug(
          { jobId: job.id, podcastId: job.data.podcastId, ms: Math.round(performance.now() - started) },
          'book embedded',
        )
      return outcome
    },
    { connection: deps.connection, prefix: deps.prefix, concurrency: 1 },
  )
  worker.on('failed', (job, err) => {
    const final = !job || job.attemptsMade >= (job.opts.attempts ?? 1) || err instanceof UnrecoverableError
    if (final) {
      const data = job?.data as { requestId?: string; podcastId?: string } | undefined
      deps.logger.error(
        {
          queue: QueueNames.embed,
          jobId: job?.id,
          podcastId: data?.podcastId,
          requestId: data?.requestId,
          err,
        },
        'embed job failed',
      )
    }
  })
  worker.on('error', (err) => deps.logger.error({ queue: QueueNames.embed, err }, 'embed worker error'))
  return worker
}
