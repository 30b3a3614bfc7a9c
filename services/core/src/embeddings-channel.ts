import type { Redis } from 'ioredis'

/**
 * The Redis pub/sub channel of idea search: the embed worker announces a book's new vectors
 * (`{ podcastId, model }`: every api process reloads that book) and a switch of the serving model
 * (`{ servingModel }`: every api process loads the new model's vectors, then swaps).
 */
export const embeddingsChannel = (prefix: string) => `${prefix}:embeddings`

export interface EmbeddingsChanged {
  podcastId: string
  model: string
}
export interface ServingModelChanged {
  servingModel: string
}
export type EmbeddingsMessage = EmbeddingsChanged | ServingModelChanged

/** Announces on the embeddings channel through `publisher` (the `announce` of the embed worker and sweep). */
export const embeddingsAnnouncer =
  (publisher: Redis, prefix: string) =>
  async (message: EmbeddingsMessage): Promise<void> => {
    await publisher.publish(embeddingsChannel(prefix), JSON.stringify(message))
  }
