import { ghostsRepo } from '@bookstrut/catalogue'
import type { Config, DbOrTx } from '@bookstrut/core'
import type { SurfaceIndex } from './surface-index.js'
import { createPostgresSurfaceIndex } from './postgres-surface-index.js'
import { createMeiliSurfaceIndex } from './meili-surface-index.js'

/**
 * The keyword index this deployment uses: Meilisearch when MEILI_URL is set (`config.search.meili`), else
 * PostgreSQL full-text search on `db`. Call `ensureSettings()` before the first search.
 */
export function createSurfaceIndex(config: Pick<Config, 'search'>, db: DbOrTx): SurfaceIndex {
  const meili = config.search.meili
  return meili
    ? createMeiliSurfaceIndex({
        url: meili.url,
        key: meili.key,
        ghostedIds: (readerId) => ghostsRepo.ghostedIds(db, readerId),
      })
    : createPostgresSurfaceIndex(db)
}
