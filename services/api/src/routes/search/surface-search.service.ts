import { podcastsRepo, type DbOrTx } from '@bookstrut/core'
import type { Podcast } from '@bookstrut/schemas'
import type { SurfaceIndex } from '@bookstrut/search'
import { pageWindow, toPage, type Page } from '../../respond.js'
import { toPodcast } from '../../views/podcast-view.js'

/**
 * One page of a keyword search: ids from the surface index, then the listings from PostgreSQL in the index's
 * order. Only listings public right now are loaded, so an external index that lags a moderation shows nothing
 * it should not.
 */
export async function surfaceSearch(
  db: DbOrTx,
  index: SurfaceIndex,
  query: { term: string; page: number; limit: number },
): Promise<Page<Podcast>> {
  const window = pageWindow(query.page, query.limit)
  const { ids, total } = await index.search({ term: query.term, offset: window.offset, limit: window.limit })
  const rows = await podcastsRepo.findPublicPodcastsInOrder(db, ids)
  return toPage(rows.map(toPodcast), total, window)
}
