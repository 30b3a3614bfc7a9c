/**
 * The Redis pub/sub channel on which the embed worker announces a book's new vectors (`{ podcastId, model }`):
 * every api process reloads that book into its in-memory index.
 */
export const embeddingsChannel = (prefix: string) => `${prefix}:embeddings`

export interface EmbeddingsChanged {
  podcastId: string
  model: string
}
