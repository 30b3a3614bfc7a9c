import { booksRepo } from '@bookstrut/catalogue'
import type { DbOrTx } from '@bookstrut/core'
import type { SurfaceIndex } from './surface-index.js'

/**
 * Keyword search in PostgreSQL itself (the default): weighted full text over stored vectors, forgiving typos
 * word by word when nothing matches as typed, the reader's ghosted books left out. Triggers keep the vectors and
 * the typo dictionary in step with the books, so there is nothing to sync: upsert, remove and reindex do nothing.
 */
export function createPostgresSurfaceIndex(db: DbOrTx): SurfaceIndex {
  return {
    name: 'postgres',
    search: (query) => booksRepo.surfaceSearch(db, query),
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
