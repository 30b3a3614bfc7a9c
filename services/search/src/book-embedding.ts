import type { Db } from '@bookstrut/core'
import * as embeddingsRepo from './db/embeddings.repository.js'
import type { EmbeddingsMessage } from './embeddings-channel.js'
import { embeddedPassages, PASSAGE_SCHEME } from './book-passages.js'
import type { Embedder } from './embedder.js'
import type { ModelRef } from './model-registry.js'

export interface EmbedDeps {
  db: Db
  /** the embedder of a model, loaded on first use (a worker that never gets a job never loads a model) */
  embedderFor: (model: ModelRef) => Promise<Embedder>
  /** tells the api processes (Redis pub/sub); api processes also catch up on their own, see IdeaIndex */
  announce: (message: EmbeddingsMessage) => Promise<void>
}

export type EmbedOutcome = 'embedded' | 'up to date' | 'book gone'

/**
 * Computes and stores one book's vectors (its ideas and description passages, then its agreed ideas') with one model, then tells
 * every api process. Idempotent: a book whose stored vectors were made from its current text is skipped, so
 * a repeated or retried job does nothing twice. The embed worker and `catalog:import --wait` both use it.
 */
export async function embedBook(deps: EmbedDeps, bookId: string, model: ModelRef): Promise<EmbedOutcome> {
  const source = await embeddingsRepo.findBookSource(deps.db, bookId, PASSAGE_SCHEME)
  if (!source) return 'book gone'
  if ((await embeddingsRepo.findSourceHash(deps.db, bookId, model.id)) === source.sourceHash)
    return 'up to date'
  const embedder = await deps.embedderFor(model)
  const { passages, foundPassages } = embeddedPassages(source)
  const vectors = await embedder.embed(passages)
  await embeddingsRepo.saveEmbedding(deps.db, {
    bookId,
    model: model.id,
    sourceHash: source.sourceHash,
    dimensions: embedder.dimensions,
    vectors,
    foundPassages,
  })
  await deps.announce({ podcastId: bookId, model: model.id })
  return 'embedded'
}
