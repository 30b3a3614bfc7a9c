import type { Redis } from 'ioredis'
import type { Logger } from '@bookstrut/core'
import { EmbedJob, QueueNames } from '@bookstrut/schemas'
import { embedBook, type EmbedDeps, type EmbedOutcome, type ModelRef } from '@bookstrut/search'
import { createCheckedWorker } from '../checked-worker.js'

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

/** One job at a time: inference already uses the embedder thread's cores, more jobs would only queue there. */
export function createEmbedWorker(deps: EmbedWorkerDeps) {
  const worker = createCheckedWorker({
    queue: QueueNames.embed,
    payload: EmbedJob,
    payloadName: 'EmbedJob',
    async run({ podcastId: bookId, model }) {
      const models = model ? [deps.locate(model)] : await deps.modelsInUse()
      const outcomes: EmbedOutcome[] = []
      for (const m of models) outcomes.push(await embedBook(deps, bookId, m))
      return outcomes.join(', ')
    },
    connection: deps.connection,
    prefix: deps.prefix,
    logger: deps.logger,
  })
  worker.on('drained', () => deps.onDrained?.())
  return worker
}
