import { impressionEvents, queueEvents, withReactionFlags, type Searcher } from '@bookstrut/analytics'
import { booksRepo, toPodcast } from '@bookstrut/catalogue'
import { pageWindow, toPage, type Clock, type DbOrTx, type Page, type Queues } from '@bookstrut/core'
import type { Podcast } from '@bookstrut/schemas'
import type { SurfaceIndex } from '../surface/surface-index.js'

/**
 * One page of a keyword search for a reader: ids from the surface index (which leaves out the reader's ghosted
 * titles before counting), then the listings from PostgreSQL in the index's order. Only listings visible to the
 * reader right now are loaded, so an external index that lags a moderation shows nothing it should not.
 */
export async function surfaceSearch(
  db: DbOrTx,
  index: SurfaceIndex,
  query: { term: string; page: number; limit: number },
  readerId: string | null,
): Promise<Page<Podcast>> {
  const window = pageWindow(query.page, query.limit)
  const { ids, total } = await index.search({
    term: query.term,
    offset: window.offset,
    limit: window.limit,
    readerId,
  })
  const rows = await booksRepo.findPublicBooksInOrder(db, ids, readerId)
  return toPage(rows.map(toPodcast), total, window)
}

/** A keyword search as readers make it: one page, and an impression queued for every title listed on it. */
export async function searchByKeywords(
  deps: { db: DbOrTx; queues: Queues; clock: Clock },
  index: SurfaceIndex,
  query: { term: string; page: number; limit: number },
  who: Searcher,
): Promise<Page<Podcast>> {
  const found = await surfaceSearch(deps.db, index, query, who.userId)
  const page = { ...found, data: await withReactionFlags(deps, who.userId, found.data) }
  const offset = pageWindow(query.page, query.limit).offset
  // Keyword search shows no scores: the rank alone.
  const impressions = impressionEvents(page.data, who, deps.clock.now().toISOString(), (_p, i) => ({
    mode: 'keyword',
    rank: offset + i + 1,
    scores: [],
    query: [query.term],
  }))
  await queueEvents(deps.queues, impressions)
  return page
}
