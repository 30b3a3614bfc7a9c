import { UnrecoverableError, Worker, type Job } from 'bullmq'
import { Value } from '@sinclair/typebox/value'
import type { Redis } from 'ioredis'
import { EmbedJob, QueueNames } from '@bookstrut/schemas'
import {
  embeddingsChannel,
  embeddingsRepo,
  type Db,
  type EmbeddingsMessage,
  type Logger,
} from '@bookstrut/core'
import { bookPassages, PASSAGE_SCHEME, type Embedder, type ModelRef } from '@bookstrut/search'
import { logFailures } from '../log-failures.js'

export interface EmbedDeps {
  db: Db
  /** the embedder of a model, loaded on first use (a worker that never gets a job never loads a model) */
  embedderFor: (model: ModelRef) => Promise<Embedder>
  /** tells the api processes (Redis pub/sub); api processes also catch up on their own, see IdeaIndex */
  announce: (message: EmbeddingsMessage) => Promise<void>
}

export interface EmbedWorkerDeps extends EmbedDeps {
  connection: Redis
  prefix: string
  /** the models books are kept embedded with: the serving one and, while re-embedding, the next */
  modelsInUse: () => Promise<ModelRef[]>
  /** a model id named in a job → where its files are */
  locate: (id: string) => ModelRef
  /** after the queue drained: time to see whether a new model's set is complete */
  onDrained?: () => void
  logger: Logger
}

/** Announces on the embeddings channel. */
export const publishTo =
  (publisher: Redis, prefix: string) =>
  async (message: EmbeddingsMessage): Promise<void> => {
    await publisher.publish(embeddingsChannel(prefix), JSON.stringify(message))
  }

export type EmbedOutcome = 'embedded' | 'up to date' | 'book gone'

/**
 * Computes and stores one book's vectors (its ideas and description passages) with one model, then tells
 * every api process. Idempotent: a book whose stored vectors were made from its current text is skipped, so
 * a repeated or retried job does nothing twice.
 */
export async function embedBook(deps: EmbedDeps, podcastId: string, model: ModelRef): Promise<EmbedOutcome> {
  const source = await embeddingsRepo.findBookSource(deps.db, podcastId, PASSAGE_SCHEME)
  if (!source) return 'book gone'
  if ((await embeddingsRepo.findSourceHash(deps.db, podcastId, model.id)) === source.sourceHash)
    return 'up to date'
  const embedder = await deps.embedderFor(model)
  const vectors = await embedder.embed(bookPassages(source))
  await embeddingsRepo.saveEmbedding(deps.db, {
    podcastId,
    model: model.id,
    sourceHash: source.sourceHash,
    dimensions: embedder.dimensions,
    vectors,
  })
  await deps.announce({ podcastId, model: model.id })
  return 'embedded'
}

/** One job at a time: inference already uses the embedder thread's cores, more jobs would only queue there. */
export function createEmbedWorker(deps: EmbedWorkerDeps) {
  const worker = new Worker(
    QueueNames.embed,
    async (job: Job<unknown>) => {
      if (!Value.Check(EmbedJob, job.data))
        throw new UnrecoverableError('embed job payload does not match EmbedJob')
      const { podcastId, model } = job.data
      const models = model ? [deps.locate(model)] : await deps.modelsInUse()
      const outcomes: EmbedOutcome[] = []
      for (const m of models) outcomes.push(await embedBook(deps, podcastId, m))
      return outcomes.join(', ')
    },
    { connection: deps.connection, prefix: deps.prefix, concurrency: 1 },
  )
  worker.on('drained', () => deps.onDrained?.())
  logFailures(worker, QueueNames.embed, deps.logger)
  return worker
}
