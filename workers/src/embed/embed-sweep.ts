import { createHash } from 'node:crypto'
import type { Config, Db, Logger, Queues } from '@bookstrut/core'
import { QueueNames } from '@bookstrut/schemas'
import { embeddingsRepo, type EmbeddingsMessage, modelsInUse, PASSAGE_SCHEME } from '@bookstrut/search'

export interface SweepDeps {
  db: Db
  queues: Queues
  search: Config['search']
  announce: (message: EmbeddingsMessage) => Promise<void>
  logger: Logger
}

/** Queues every book whose vectors for `model` are missing or stale; a book already waiting is not queued twice. */
async function queueStale(deps: SweepDeps, model: string): Promise<number> {
  const tag = createHash('sha1').update(model).digest('hex').slice(0, 8)
  let after = ''
  let queued = 0
  for (;;) {
    const ids = await embeddingsRepo.staleBookIds(deps.db, {
      model,
      scheme: PASSAGE_SCHEME,
      after,
      limit: 1000,
    })
    if (ids.length === 0) return queued
    await deps.queues.enqueueMany(
      QueueNames.embed,
      ids.map((id) => ({ data: { podcastId: id, model }, jobId: `embed-${id}-sweep-${tag}` })),
    )
    queued += ids.length
    after = ids[ids.length - 1]!
  }
}

export interface SweepResult {
  queued: number
  serving: string
  /** set when this sweep switched searches to a new model */
  switchedTo?: string
}

/**
 * Keeps every book's vectors current and moves searches to a new model without downtime. Finds books whose
 * vectors are missing or stale for each model in use (books imported or edited while no worker ran, a crash
 * between a listing's commit and its job, a new passage scheme) and queues them. While a new model's set is
 * incomplete, searches keep the old model and its vectors; once every book has the new model's vectors, the
 * serving model is switched in one write and announced, and every api process swaps its index.
 */
export async function sweepStaleEmbeddings(deps: SweepDeps): Promise<SweepResult> {
  const models = await modelsInUse(deps)
  let queued = 0
  for (const m of models) queued += await queueStale(deps, m.id)
  const [serving, target] = [models[0]!.id, models[models.length - 1]!.id]
  if (serving === target) {
    if (queued > 0) deps.logger.info({ model: serving, queued }, 'embedding: stale books queued')
    return { queued, serving }
  }
  const progress = await embeddingsRepo.embeddingProgress(deps.db, { model: target, scheme: PASSAGE_SCHEME })
  if (progress.done < progress.total) {
    deps.logger.info(
      { serving, target, ...progress },
      'embedding: re-embedding the catalogue for a new model',
    )
    return { queued, serving }
  }
  await embeddingsRepo.setServingModel(deps.db, target)
  await deps.announce({ servingModel: target })
  deps.logger.info(
    { from: serving, to: target, books: progress.total },
    'embedding: searches switched to a new model',
  )
  return { queued, serving: target, switchedTo: target }
}
