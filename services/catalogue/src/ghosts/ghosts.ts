import type { UserRow } from '@bookstrut/accounts'
import { newId, notFound, pageWindow, toPage, type Page } from '@bookstrut/core'
import type { GhostBody, GhostListQuery, Podcast, RemoveGhostQuery, ReportBody } from '@bookstrut/schemas'
import { toPodcast } from '../book-record.js'
import { visibleBook } from '../books/visible-book.js'
import * as booksRepo from '../db/books.repository.js'
import * as ghostsRepo from '../db/ghosts.repository.js'
import type { CatalogueDeps } from '../deps.js'

/** A reason a title can be reported for, as the contract shows it (schemas' ReportType). */
export interface ReportTypeItem {
  _id: string
  type: string
  isActive: boolean
}

/** Hides a title from the reader's own results; ghosting twice is one ghost. */
export async function ghostBook(deps: CatalogueDeps, caller: UserRow, body: GhostBody): Promise<void> {
  // Only titles the reader can see can be ghosted.
  await visibleBook(deps.db, body.podcastId, caller)
  await ghostsRepo.addGhost(deps.db, {
    userId: body.userId,
    bookId: body.podcastId,
    episodeId: body.episodeId ?? null,
    now: deps.clock.now(),
  })
}

/** A reader's ghosted titles, latest first. */
export async function listGhosted(
  deps: Pick<CatalogueDeps, 'db'>,
  query: GhostListQuery,
): Promise<Page<Podcast>> {
  const window = pageWindow(query.page ?? 1, query.limit ?? 10)
  const { rows, total } = await ghostsRepo.listGhosted(deps.db, query.userId, window.offset, window.limit)
  const books = await booksRepo.withEpisodes(deps.db, rows)
  return toPage(books.map(toPodcast), total, window)
}

/** Shows a ghosted title again; 404 when it was not ghosted. */
export async function removeGhost(deps: Pick<CatalogueDeps, 'db'>, query: RemoveGhostQuery): Promise<void> {
  if (!(await ghostsRepo.removeGhost(deps.db, query.userId, query.podcastId)))
    throw notFound('This title is not ghosted.')
}

/** The reasons a title can be reported for (the active ones unless asked otherwise). */
export async function listReportTypes(
  deps: Pick<CatalogueDeps, 'db'>,
  active: boolean,
): Promise<ReportTypeItem[]> {
  const types = await ghostsRepo.listReportTypes(deps.db, active)
  return types.map((t) => ({ _id: t.id, type: t.type, isActive: t.is_active }))
}

/** Reports a title the reader can see, for an active reason; the same report twice counts once. */
export async function reportBook(
  deps: Pick<CatalogueDeps, 'db'>,
  caller: UserRow,
  body: ReportBody,
): Promise<void> {
  const type = await ghostsRepo.findReportType(deps.db, body.reportTypeId)
  if (!type?.is_active) throw notFound('Please select a bug report type')
  await visibleBook(deps.db, body.podcastId, caller)
  await ghostsRepo.addReport(deps.db, {
    id: newId(),
    userId: body.userId,
    reportTypeId: type.id,
    bookId: body.podcastId,
    episodeId: body.episodeId ?? null,
  })
}
