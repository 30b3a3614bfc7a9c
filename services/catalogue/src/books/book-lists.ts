import {
  actsFor,
  audited,
  badRequest,
  notFound,
  pageWindow,
  recorded,
  toPage,
  type AdminActor,
  type Page,
} from '@bookstrut/core'
import type { Podcast } from '@bookstrut/schemas'
import { announceBookChanges } from '../book-changes.js'
import { toPodcast } from '../book-record.js'
import * as booksRepo from '../db/books.repository.js'
import type { CatalogueDeps } from '../deps.js'
import type { Viewer } from '../visibility.js'

/*
 * The catalogue's lists of books. They answer the same for every reader: where a reader is known, the api adds
 * their own like and favourite flags (@bookstrut/analytics, withReactionFlags).
 */

/** One page of listings by `opts`, newest first (oldest first for a moderation queue). */
export async function bookPage(
  deps: Pick<CatalogueDeps, 'db'>,
  opts: Omit<booksRepo.ListOptions, 'offset' | 'limit'>,
  pageNo: number,
  limit: number,
): Promise<Page<Podcast>> {
  const window = pageWindow(pageNo, limit)
  const { rows, total } = await booksRepo.listBooks(deps.db, { ...opts, offset: window.offset, limit })
  return toPage(rows.map(toPodcast), total, window)
}

/** Listings by search and owner. An owner listing their own (My Listings) sees every state; others see approved ones. */
export function listBooks(
  deps: Pick<CatalogueDeps, 'db'>,
  q: { search?: string; createBy?: string; page?: number; limit?: number },
  viewer: Viewer,
) {
  const includeUnpublished = q.createBy !== undefined && actsFor(viewer, q.createBy)
  return bookPage(
    deps,
    { createBy: q.createBy, search: q.search, includeUnpublished },
    q.page ?? 1,
    q.limit ?? 10,
  )
}

/** A state other than approved is asked for: for the owner and admins only (the route's access policy). */
export const asksForUnpublished = (q: { status?: 0 | 1 | 2 }) => q.status !== undefined && q.status !== 1

/** An author's titles for their public profile (approved only, unless the owner asks for a state). */
export async function userBooks(
  deps: Pick<CatalogueDeps, 'db'>,
  q: { userId?: string; createBy: string; status?: 0 | 1 | 2 },
): Promise<Podcast[]> {
  const includeUnpublished = asksForUnpublished(q)
  const { rows } = await booksRepo.listBooks(deps.db, {
    createBy: q.createBy,
    includeUnpublished,
    status: q.status ?? 1,
    offset: 0,
    limit: 200,
  })
  return rows.map(toPodcast)
}

/** Admin: the moderation queue (pending by default), oldest first so nothing waits forever. */
export function moderationQueue(
  deps: Pick<CatalogueDeps, 'db'>,
  q: { status?: 0 | 1 | 2; page?: number; limit?: number },
) {
  return bookPage(
    deps,
    { includeUnpublished: true, status: q.status ?? 0, oldestFirst: true },
    q.page ?? 1,
    q.limit ?? 20,
  )
}

/** Admin: approve (1) or reject (2, with a comment the owner sees). */
export async function moderate(
  deps: CatalogueDeps,
  body: { bookId: string; status: 1 | 2; statusComment?: string },
  actor: AdminActor,
) {
  const comment = body.statusComment?.trim() ?? ''
  if (body.status === 2 && comment === '') throw badRequest('A rejection needs a comment for the owner.')
  const now = deps.clock.now()
  const statusComment = body.status === 2 ? comment : ''
  // One audit entry (listing.moderate) in the transaction of the change (core: admin/audited.ts).
  const row = await audited(deps, actor, async (trx) => {
    const row = await booksRepo.findBook(trx, body.bookId)
    if (!row) throw notFound('Podcast not found')
    await booksRepo.updateBook(trx, row.id, {
      status: body.status,
      status_comment: statusComment,
      updated_at: now,
    })
    return recorded(
      row,
      'listing.moderate',
      ['listing', row.id],
      { status: row.status, statusComment: row.status_comment },
      { status: body.status, statusComment },
    )
  })
  // Its vectors and its entry in an external keyword index are brought up to date in the background.
  await announceBookChanges(deps.queues, [{ id: row.id, updatedAt: now }], {
    surfaceIndex: Boolean(deps.config.search.meili),
  })
  return toPodcast({ ...row, status: body.status, status_comment: statusComment })
}
