import type { Redis } from 'ioredis'
import { Type, type Static } from '@sinclair/typebox'

/**
 * The Redis pub/sub channel of idea search: the embed worker announces a book's new vectors
 * (`{ podcastId, model }`: every api process reloads that book) and a switch of the serving model
 * (`{ servingModel }`: every api process loads the new model's vectors, then swaps). The book's id keeps the name
 * `podcastId` its job payload has (schemas/src/jobs.ts), so api processes of two releases still understand each other.
 */
export const embeddingsChannel = (prefix: string) => `${prefix}:embeddings`

export const EmbeddingsChanged = Type.Object({ podcastId: Type.String(), model: Type.String() })
export type EmbeddingsChanged = Static<typeof EmbeddingsChanged>
export const ServingModelChanged = Type.Object({ servingModel: Type.String() })
export type ServingModelChanged = Static<typeof ServingModelChanged>
/** A message on the channel; receivers check it against this schema (it comes over the network). */
export const EmbeddingsMessage = Type.Union([EmbeddingsChanged, ServingModelChanged])
export type EmbeddingsMessage = Static<typeof EmbeddingsMessage>

/** Announces on the embeddings channel through `publisher` (the `announce` of the embed worker and sweep). */
export const embeddingsAnnouncer =
  (publisher: Redis, prefix: string) =>
  async (message: EmbeddingsMessage): Promise<void> => {
    await publisher.publish(embeddingsChannel(prefix), JSON.stringify(message))
  }
