import { bookPage, booksRepo, toPodcast } from '@bookstrut/catalogue'
import { pageWindow } from '@bookstrut/core'
import type { Podcast } from '@bookstrut/schemas'
import * as top20Repo from '../db/top20.repository.js'
import type { AnalyticsDeps } from '../deps.js'
import { impressionEvents, type Searcher } from '../impressions.js'
import { queueEvents } from '../queue-events.js'
import { withReactionFlags } from '../reactions/reaction-flags.js'

type PageWindow = ReturnType<typeof pageWindow>

/**
 * The home page's "TOP 20 BOOK STRUTS": the latest Top 20 ranking (the top20 job), in its order, each title checked
 * again now (one blocked or unapproved since the ranking is left out), then the newest approved titles up to 20
 * (all of them while there is no engagement at all: no ranking yet, or an empty one), with the reader's flags. Every title
 * answered is shown, so each is a view (docs/analytics.md, "What a view is"): an impression in `top20` mode with
 * its place in the list is queued for it, as search results are.
 */
export async function homeTop20(
  deps: AnalyticsDeps,
  q: { page?: number; limit?: number },
  who: Searcher,
): Promise<Podcast[]> {
  const window = pageWindow(q.page ?? 1, q.limit ?? 20)
  const data = await withReactionFlags(deps, who.userId, await top20Titles(deps, window, who.userId))
  const views = impressionEvents(data, who, deps.clock.now().toISOString(), (_p, i) => ({
    mode: 'top20',
    rank: window.offset + i + 1,
    scores: [],
    query: [],
  }))
  await queueEvents(deps.queues, views)
  return data
}

/** One page of the Top 20 (or, without a ranking, of the newest approved titles). */
async function top20Titles(
  deps: AnalyticsDeps,
  window: PageWindow,
  readerId: string | null,
): Promise<Podcast[]> {
  const ranked = (await top20Repo.latestRanking(deps.db))?.entries.map((e) => e.podcast_id) ?? []
  const allowed = await top20Repo.rankableBooks(deps.db, ranked)
  const top = ranked.filter((id) => allowed.has(id))
  if (top.length === 0) {
    return (await bookPage(deps, { includeUnpublished: false }, window.page, window.limit)).data
  }
  const rows = await booksRepo.findPublicBooksInOrder(
    deps.db,
    top.slice(window.offset, window.offset + window.limit),
    readerId,
  )
  const shown = rows.map(toPodcast)
  return [...shown, ...(await newestAfterRanked(deps, window, top, shown.length))]
}

/** How many titles the home page's Top 20 holds, ranked ones first. */
const TOP20_LIST_SIZE = 20

/**
 * The newest approved titles that fill the Top 20 after its ranked ones, for this page: while few titles have any
 * engagement the list would otherwise shrink to them (issue 48: one play took the home list from 20 cards to 2).
 */
async function newestAfterRanked(
  deps: AnalyticsDeps,
  window: PageWindow,
  top: readonly string[],
  rankedOnPage: number,
): Promise<Podcast[]> {
  const end = Math.min(window.offset + window.limit, TOP20_LIST_SIZE)
  const wanted = end - Math.max(window.offset, top.length)
  if (rankedOnPage >= window.limit || wanted <= 0) return []
  const newest = await bookPage(deps, { includeUnpublished: false }, 1, TOP20_LIST_SIZE + top.length)
  const ranked = new Set(top)
  const from = Math.max(0, window.offset - top.length)
  return newest.data.filter((p) => !ranked.has(p._id)).slice(from, from + wanted)
}
