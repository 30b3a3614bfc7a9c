import type { ColumnType, Generated } from 'kysely'

export interface BookEmbeddingsTable {
  podcast_id: string
  /** the embedding model id that made the vectors: vectors of two models are never mixed */
  model: string
  /** md5 of the embedded text (see `embeddingSourceHash`): equal means the vectors are up to date */
  source_hash: string
  dimensions: number
  passages: number
  /** `passages` float32 vectors of `dimensions`, little-endian, one after the other */
  vectors: Buffer
  /** how many of the vectors, the last ones, are passages of ideas readers agreed on (found it), not the book's own */
  found_passages: Generated<number>
  updated_at: Generated<Date>
}

export interface EventOutboxTable {
  id: string
  type: string
  podcast_id: string
  payload: ColumnType<Record<string, unknown>, string, string>
  created_at: Date
}

export interface SearchStateTable {
  name: string
  value: string
  updated_at: Generated<Date>
}
