import { podcastsRepo, type DbOrTx } from '@bookstrut/core'
import type { SurfaceIndex } from './surface-index.js'

/**
 * Keyword search in PostgreSQL itself (the default): weighted full text with a trigram fallback for
 * misspellings, over an expression index the migrations create. The database is the source of truth, so there
 * is nothing to keep in sync: upsert, remove and reindex do nothing.
 */
export function createPostgresSurfaceIndex(db: DbOrTx): SurfaceIndex {
  return {
    name: 'postgres',
    search: (query) => podcastsRepo.surfaceSearch(db, query),
    async upsert() {},
    async remove() {},
    async reindex() {
      return { indexed: 0 }
    },
    async ensureSettings() {},
    // The pool belongs to the caller.
    async close() {},
  }
}
