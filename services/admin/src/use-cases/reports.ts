import { announceBookChanges, booksRepo } from '@bookstrut/catalogue'
import {
  audited,
  conflict,
  newId,
  notFound,
  recorded,
  type AdminActor,
  type Deps,
  pageWindow,
} from '@bookstrut/core'
import type {
  AdminReportType,
  CreateReportTypeBody,
  ReportGroup,
  ReportGroupsPage,
  ReportGroupsQuery,
  ResolveReportsBody,
  UpdateReportTypeBody,
} from '@bookstrut/schemas'
import * as adminConsoleRepo from '../db/admin-console.repository.js'
import type { ReportGroupRow } from '../db/admin-console.repository.js'
import { blockAccount } from './accounts.js'
import { consolePage } from './console-page.js'

const isoOrNull = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString())

export const toReportGroup = (r: ReportGroupRow): ReportGroup => ({
  podcastId: r.podcast_id,
  title: r.title,
  isActive: r.is_active,
  ownerId: r.owner_id,
  ownerEmail: r.owner_email,
  ownerBlocked: r.owner_blocked,
  reportTypeId: r.report_type_id,
  type: r.type,
  reports: Number(r.reports),
  openReports: Number(r.open_reports),
  latestAt: new Date(r.latest_at).toISOString(),
  resolvedAt: Number(r.open_reports) > 0 ? null : isoOrNull(r.resolved_at),
})

/** Reports grouped by title and type, the newest report first. */
export async function listReportGroups(deps: Deps, query: ReportGroupsQuery): Promise<ReportGroupsPage> {
  const window = pageWindow(query.page ?? 1, query.limit ?? 20)
  const filter = { status: query.status }
  return consolePage(
    window,
    adminConsoleRepo.listReportGroups(deps.db, filter, window),
    adminConsoleRepo.countReportGroups(deps.db, filter),
    toReportGroup,
  )
}

/**
 * Resolves the open reports of one title and type with a note, and acts on them when asked: `unpublish` takes the
 * listing down (is_active false: out of search, the home page and the Top 20), `block_owner` blocks its owner with
 * the note as the message they see. One transaction, one audit entry (report.resolve) holding all of it.
 */
export async function resolveReports(deps: Deps, actor: AdminActor, body: ResolveReportsBody) {
  const note = body.note.trim()
  const group = { bookId: body.podcastId, reportTypeId: body.reportTypeId }
  const result = await audited(deps, actor, async (trx) => {
    const [before] = await adminConsoleRepo.listReportGroups(trx, group, { limit: 1, offset: 0 })
    if (!before) throw notFound('No reports of this type against this title.')
    if (Number(before.open_reports) === 0) throw conflict('These reports are already resolved.')
    const now = deps.clock.now()
    if (body.action === 'unpublish' && before.is_active)
      await booksRepo.updateBook(trx, body.podcastId, { is_active: false, updated_at: now })
    if (body.action === 'block_owner')
      await blockAccount(trx, actor, before.owner_id, { blocked: true, notes: note, at: now })
    const resolved = await adminConsoleRepo.resolveReports(trx, group, { adminId: actor.id, note, at: now })
    const [after] = await adminConsoleRepo.listReportGroups(trx, group, { limit: 1, offset: 0 })
    if (!after) throw notFound('No reports of this type against this title.')
    const state = (g: ReportGroupRow) => ({
      reportTypeId: g.report_type_id,
      type: g.type,
      openReports: Number(g.open_reports),
      listingActive: g.is_active,
      ownerBlocked: g.owner_blocked,
    })
    return recorded(
      {
        resolved,
        group: toReportGroup(after),
        unpublishedAt: body.action === 'unpublish' ? now : null,
      },
      'report.resolve',
      ['listing', body.podcastId],
      state(before),
      { ...state(after), action: body.action, note },
    )
  })
  // Out of the search indexes in the background, as any listing change (book-changes.ts).
  if (result.unpublishedAt)
    await announceBookChanges(deps.queues, [{ id: body.podcastId, updatedAt: result.unpublishedAt }], {
      surfaceIndex: Boolean(deps.config.search.meili),
    })
  return { resolved: result.resolved, group: result.group }
}

const toReportType = (r: {
  id: string
  type: string
  is_active: boolean
  sort_order: number
}): AdminReportType => ({
  id: r.id,
  type: r.type,
  isActive: r.is_active,
  sortOrder: r.sort_order,
})

export async function listReportTypes(deps: Deps): Promise<AdminReportType[]> {
  return (await adminConsoleRepo.listReportTypes(deps.db)).map(toReportType)
}

const duplicateType = () => conflict('A report type with this name exists already.')

/** Adds a reason readers can report a title for (audited: report_type.create). */
export async function createReportType(deps: Deps, actor: AdminActor, body: CreateReportTypeBody) {
  return audited(deps, actor, async (trx) => {
    const row = await adminConsoleRepo.insertReportType(trx, {
      id: newId(deps.clock.now().getTime()),
      type: body.type.trim(),
      is_active: body.isActive ?? true,
      sort_order: body.sortOrder ?? 100,
    })
    if (!row) throw duplicateType()
    const created = toReportType(row)
    return recorded(created, 'report_type.create', ['report_type', row.id], null, created)
  })
}

/** Renames, reorders, retires or brings back a report type (audited: report_type.update). */
export async function updateReportType(deps: Deps, actor: AdminActor, body: UpdateReportTypeBody) {
  return audited(deps, actor, async (trx) => {
    const row = await adminConsoleRepo.lockReportType(trx, body.reportTypeId)
    if (!row) throw notFound('Report type not found')
    const type = body.type?.trim()
    if (type !== undefined && type !== row.type) {
      const taken = await adminConsoleRepo.findReportTypeByName(trx, type)
      if (taken) throw duplicateType()
    }
    const updated = await adminConsoleRepo.updateReportType(trx, row.id, {
      ...(type !== undefined ? { type } : {}),
      ...(body.isActive !== undefined ? { is_active: body.isActive } : {}),
      ...(body.sortOrder !== undefined ? { sort_order: body.sortOrder } : {}),
    })
    if (!updated) throw notFound('Report type not found')
    return recorded(
      toReportType(updated),
      'report_type.update',
      ['report_type', row.id],
      toReportType(row),
      toReportType(updated),
    )
  })
}
