import type { Static } from '@sinclair/typebox'
import { ghostsRepo, booksRepo } from '@bookstrut/catalogue'
import { newId, notFound } from '@bookstrut/core'
import type {
  GhostBody,
  GhostListQuery,
  Podcast,
  RemoveGhostQuery,
  ReportBody,
  ReportType,
} from '@bookstrut/schemas'
import { pageWindow, toPage, type Page } from '../../respond.js'
import type { Auth } from '../../types.js'
import { getSinglePodcast, toPodcast } from '../../views/podcast-view.js'
import type { Deps } from '../deps.js'

/** Hides a title from the reader's own results; ghosting twice is one ghost. */
export async function ghostBook(deps: Deps, auth: Auth, body: GhostBody): Promise<void> {
  // Only titles the reader can see can be ghosted.
  await getSinglePodcast(deps, body.podcastId, auth)
  await ghostsRepo.addGhost(deps.db, {
    userId: body.userId,
    bookId: body.podcastId,
    episodeId: body.episodeId ?? null,
    now: deps.clock.now(),
  })
}

/** A reader's ghosted titles, latest first. */
export async function listGhosted(deps: Deps, query: GhostListQuery): Promise<Page<Podcast>> {
  const window = pageWindow(query.page ?? 1, query.limit ?? 10)
  const { rows, total } = await ghostsRepo.listGhosted(deps.db, query.userId, window.offset, window.limit)
  const books = await booksRepo.withEpisodes(deps.db, rows)
  return toPage(books.map(toPodcast), total, window)
}

/** Shows a ghosted title again; 404 when it was not ghosted. */
export async function removeGhost(deps: Deps, query: RemoveGhostQuery): Promise<void> {
  if (!(await ghostsRepo.removeGhost(deps.db, query.userId, query.podcastId)))
    throw notFound('This title is not ghosted.')
}

/** The reasons a title can be reported for (the active ones unless asked otherwise). */
export async function listReportTypes(deps: Deps, active: boolean): Promise<Static<typeof ReportType>[]> {
  const types = await ghostsRepo.listReportTypes(deps.db, active)
  return types.map((t) => ({ _id: t.id, type: t.type, isActive: t.is_active }))
}

/** Reports a title the reader can see, for an active reason; the same report twice counts once. */
export async function reportBook(deps: Deps, auth: Auth, body: ReportBody): Promise<void> {
  const type = await ghostsRepo.findReportType(deps.db, body.reportTypeId)
  if (!type?.is_active) throw notFound('Please select a bug report type')
  await getSinglePodcast(deps, body.podcastId, auth)
  await ghostsRepo.addReport(deps.db, {
    id: newId(),
    userId: body.userId,
    reportTypeId: type.id,
    bookId: body.podcastId,
    episodeId: body.episodeId ?? null,
  })
}
