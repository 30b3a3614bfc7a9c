import { queueEvents, top20Repo } from '@bookstrut/analytics'
import { announceBookChanges, booksRepo, pendingChanges } from '@bookstrut/catalogue'
import {
  actsFor,
  audited,
  badRequest,
  notFound,
  recorded,
  type AdminActor,
  type MediaStore,
} from '@bookstrut/core'
import type { Podcast } from '@bookstrut/schemas'
import { featuredVideo } from '@bookstrut/content'
import type { Auth } from '../../types.js'
import type { Deps } from '../deps.js'
import { toPodcast, withReactionFlags } from '../../views/podcast-view.js'
import { withPendingChanges } from '../../views/pending-changes-view.js'
import { pageWindow, toPage, type Page } from '../../respond.js'
import { impressionEvents, type Searcher } from '../../views/impressions.js'

const canSeeUnpublished = (auth: Auth | null, ownerId: string) => actsFor(auth?.user, ownerId)

async function page(
  deps: Deps,
  opts: Omit<booksRepo.ListOptions, 'offset' | 'limit'>,
  pageNo: number,
  limit: number,
  readerId?: string,
): Promise<Page<Podcast>> {
  const window = pageWindow(pageNo, limit)
  const { rows, total } = await booksRepo.listBooks(deps.db, { ...opts, offset: window.offset, limit })
  const books = await withReactionFlags(deps, readerId, rows.map(toPodcast))
  // Unpublished states are asked for by the owner or an admin: they see an edit waiting for moderation too.
  return toPage(opts.includeUnpublished ? await withPendingChanges(deps.db, books) : books, total, window)
}

/** Listings by search and owner. An owner listing their own (My Listings) sees every state; others see approved ones. */
export function listBooks(
  deps: Deps,
  q: { search?: string; createBy?: string; page?: number; limit?: number },
  auth: Auth | null,
) {
  const includeUnpublished = q.createBy !== undefined && canSeeUnpublished(auth, q.createBy)
  return page(
    deps,
    { createBy: q.createBy, search: q.search, includeUnpublished },
    q.page ?? 1,
    q.limit ?? 10,
    auth?.user.id,
  )
}

/** A state other than approved is asked for: for the owner and admins only (the route's access policy). */
export const asksForUnpublished = (q: { status?: 0 | 1 | 2 }) => q.status !== undefined && q.status !== 1

/** An author's titles for their public profile (approved only, unless the owner asks for a state). */
export async function userBooks(
  deps: Deps,
  q: { userId?: string; createBy: string; status?: 0 | 1 | 2 },
  auth: Auth | null,
) {
  const includeUnpublished = asksForUnpublished(q)
  const { rows } = await booksRepo.listBooks(deps.db, {
    createBy: q.createBy,
    includeUnpublished,
    status: q.status ?? 1,
    offset: 0,
    limit: 200,
  })
  return withReactionFlags(deps, auth?.user.id, rows.map(toPodcast))
}

/**
 * The home page's "TOP 20 BOOK STRUTS": the latest Top 20 ranking (the top20 job), in its order, each title checked
 * again now (one blocked or unapproved since the ranking is left out), then the newest approved titles up to 20
 * (all of them while there is no engagement at all: no ranking yet, or an empty one). And the featured video. Every title
 * answered is shown, so each is a view (docs/analytics.md, "What a view is"): an impression in `top20` mode with
 * its place in the list is queued for it, as search results are.
 */
export async function homePage(deps: Deps, q: { page?: number; limit?: number }, who: Searcher) {
  const window = pageWindow(q.page ?? 1, q.limit ?? 20)
  const data = await top20Titles(deps, window, who.userId)
  const views = impressionEvents(data, who, deps.clock.now().toISOString(), (_p, i) => ({
    mode: 'top20',
    rank: window.offset + i + 1,
    scores: [],
    query: [],
  }))
  await queueEvents(deps.queues, views)
  // The featured video an admin set in the settings (null when none).
  return { homePageMedia: await featuredVideo(deps.db), data }
}

/** One page of the Top 20 (or, without a ranking, of the newest approved titles), with the reader's flags. */
async function top20Titles(deps: Deps, window: ReturnType<typeof pageWindow>, readerId: string | null) {
  const ranked = (await top20Repo.latestRanking(deps.db))?.entries.map((e) => e.podcast_id) ?? []
  const allowed = await top20Repo.rankableBooks(deps.db, ranked)
  const top = ranked.filter((id) => allowed.has(id))
  if (top.length === 0) {
    return (await page(deps, { includeUnpublished: false }, window.page, window.limit, readerId ?? undefined))
      .data
  }
  const rows = await booksRepo.findPublicBooksInOrder(
    deps.db,
    top.slice(window.offset, window.offset + window.limit),
    readerId,
  )
  const shown = await withReactionFlags(deps, readerId, rows.map(toPodcast))
  return [...shown, ...(await newestAfterRanked(deps, window, top, shown.length, readerId))]
}

/** How many titles the home page's Top 20 holds, ranked ones first. */
const TOP20_LIST_SIZE = 20

/**
 * The newest approved titles that fill the Top 20 after its ranked ones, for this page: while few titles have any
 * engagement the list would otherwise shrink to them (issue 48: one play took the home list from 20 cards to 2).
 */
async function newestAfterRanked(
  deps: Deps,
  window: ReturnType<typeof pageWindow>,
  top: readonly string[],
  rankedOnPage: number,
  readerId: string | null,
): Promise<Podcast[]> {
  const end = Math.min(window.offset + window.limit, TOP20_LIST_SIZE)
  const wanted = end - Math.max(window.offset, top.length)
  if (rankedOnPage >= window.limit || wanted <= 0) return []
  const newest = await page(
    deps,
    { includeUnpublished: false },
    1,
    TOP20_LIST_SIZE + top.length,
    readerId ?? undefined,
  )
  const ranked = new Set(top)
  const from = Math.max(0, window.offset - top.length)
  return newest.data.filter((p) => !ranked.has(p._id)).slice(from, from + wanted)
}

/** Admin: the moderation queue (pending by default), oldest first so nothing waits forever. */
export function moderationQueue(deps: Deps, q: { status?: 0 | 1 | 2; page?: number; limit?: number }) {
  return page(
    deps,
    // Waiting: new listings, and live ones whose edit waits (issue 48: the approved version stays public meanwhile).
    {
      includeUnpublished: true,
      status: q.status ?? 0,
      oldestFirst: true,
      orWaitingChanges: (q.status ?? 0) === 0,
    },
    q.page ?? 1,
    q.limit ?? 20,
  )
}

/**
 * Admin: approve (1) or reject (2, with a comment the owner sees). A live listing with an edit waiting (issue 48):
 * approving applies the edit, rejecting keeps the approved version public and the edit beside it, rejected with the
 * comment (catalogue pending-changes.ts).
 */
export async function moderate(
  deps: Deps & { media: MediaStore },
  body: { bookId: string; status: 1 | 2; statusComment?: string },
  actor: AdminActor,
) {
  const comment = body.statusComment?.trim() ?? ''
  if (body.status === 2 && comment === '') throw badRequest('A rejection needs a comment for the owner.')
  const now = deps.clock.now()
  let oldFiles: string[] = []
  // One audit entry (listing.moderate) in the transaction of the change (core: admin/audited.ts).
  const { row, status, statusComment } = await audited(deps, actor, async (trx) => {
    const row = await booksRepo.findBook(trx, body.bookId)
    if (!row) throw notFound('Podcast not found')
    const before = { status: row.status, statusComment: row.status_comment }
    const wasLive = pendingChanges.isLive(row)
    if (wasLive && body.status === 2) {
      const { rejected, stagedFiles } = await pendingChanges.rejectPendingChanges(trx, row.id, comment, now)
      if (rejected) {
        oldFiles = stagedFiles
        const kept = { row, status: row.status, statusComment: row.status_comment }
        return recorded(
          kept,
          'listing.moderate',
          ['listing', row.id],
          { ...before, changes: 'pending' },
          {
            ...before,
            changes: 'rejected',
            changesComment: comment,
          },
        )
      }
    }
    if (body.status === 1) {
      const episodeFile = (id: string) => row.episodes.find((e) => e.id === id)?.file_url ?? null
      const { applied, replacedFiles } = await pendingChanges.approvePendingChanges(
        trx,
        { ...row, episodeFile },
        now,
      )
      if (applied) {
        oldFiles = replacedFiles
        const after = { row, status: 1 as const, statusComment: '' }
        return recorded(
          after,
          'listing.moderate',
          ['listing', row.id],
          { ...before, changes: 'pending' },
          {
            status: 1,
            statusComment: '',
            changes: 'applied',
          },
        )
      }
    }
    const statusComment = body.status === 2 ? comment : ''
    await booksRepo.updateBook(trx, row.id, {
      status: body.status,
      status_comment: statusComment,
      updated_at: now,
    })
    return recorded(
      { row, status: body.status, statusComment },
      'listing.moderate',
      ['listing', row.id],
      before,
      {
        status: body.status,
        statusComment,
      },
    )
  })
  // Files the moderation made unused (an applied edit's old cover or clip, a rejected edit's) go once committed.
  await Promise.all(oldFiles.map((f) => deps.media.remove(f)))
  // Its vectors and its entry in an external keyword index are brought up to date in the background.
  await announceBookChanges(deps.queues, [{ id: row.id, updatedAt: now }], {
    surfaceIndex: Boolean(deps.config.search.meili),
  })
  const [book] = await withPendingChanges(deps.db, [await freshPodcast(deps, row.id)])
  return { ...book!, status, statusComment }
}

const freshPodcast = async (deps: Deps, id: string) => {
  const row = await booksRepo.findBook(deps.db, id)
  if (!row) throw notFound('Podcast not found')
  return toPodcast(row)
}
