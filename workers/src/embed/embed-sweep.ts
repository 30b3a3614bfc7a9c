import { QueueNames } from '@bookstrut/schemas'
import { embeddingsRepo, type Db, type Logger, type Queues } from '@bookstrut/core'
import { PASSAGE_SCHEME } from '@bookstrut/search'

/**
 * Finds books whose vectors are missing or stale for the active model and queues them: books imported or edited
 * while no worker ran, a crash between a listing's commit and its job, a new model or passage scheme. Job ids
 * carry no version, so a book already waiting is not queued twice.
 */
export async function sweepStaleEmbeddings(deps: {
  db: Db
  queues: Queues
  model: string
  logger: Logger
}): Promise<number> {
  let after = ''
  let queued = 0
  for (;;) {
    const ids = await embeddingsRepo.staleBookIds(deps.db, {
      model: deps.model,
      scheme: PASSAGE_SCHEME,
      after,
      limit: 1000,
    })
    if (ids.length === 0) break
    await deps.queues.enqueueMany(
      QueueNames.embed,
      ids.map((id) => ({ data: { podcastId: id }, jobId: `embed-${id}-sweep` })),
    )
    queued += ids.length
    after = ids[ids.length - 1]!
  }
  if (queued > 0) {
    const progress = await embeddingsRepo.embeddingProgress(deps.db, {
      model: deps.model,
      scheme: PASSAGE_SCHEME,
    })
    deps.logger.info({ model: deps.model, queued, ...progress }, 'embedding: stale books queued')
  }
  return queued
}
