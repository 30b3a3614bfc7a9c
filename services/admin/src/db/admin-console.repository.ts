import { sql } from 'kysely'
import type { UserRow } from '@bookstrut/accounts'
import type { DbOrTx } from '@bookstrut/core'
import type { Top20ReleaseRow } from './admin.tables.js'
import { countOf, newestFirst } from './console-lists.js'

/** `text` as a LIKE pattern that matches it anywhere, its own % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export interface UserSearch {
  q?: string
  role?: UserRow['role']
  status?: 'active' | 'blocked' | 'unverified'
}

function usersMatching(db: DbOrTx, s: UserSearch) {
  let q = db.selectFrom('users')
  if (s.q) {
    const pattern = containing(s.q.trim())
    q = q.where((eb) =>
      eb.or([
        eb('email', 'ilike', pattern),
        eb(sql<string>`first_name || ' ' || last_name`, 'ilike', pattern),
      ]),
    )
  }
  if (s.role) q = q.where('role', '=', s.role)
  if (s.status === 'blocked') q = q.where('is_blocked', '=', true)
  if (s.status === 'active') q = q.where('is_blocked', '=', false).where('is_verified', '=', true)
  if (s.status === 'unverified') q = q.where('is_verified', '=', false)
  return q
}

/** Accounts matching a search, newest first. */
export const searchUsers = (db: DbOrTx, s: UserSearch, window: { limit: number; offset: number }) =>
  newestFirst(usersMatching(db, s).selectAll(), window).execute()

export const countUsers = (db: DbOrTx, s: UserSearch): Promise<number> => countOf(usersMatching(db, s))

/**
 * The admins that are not blocked, locked until the transaction ends: two admins demoting each other at once wait
 * for one another, so the second sees the first one's change and the last admin stays.
 */
export const lockActiveAdmins = (trx: DbOrTx) =>
  trx
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('is_blocked', '=', false)
    .forUpdate()
    .execute()

/** An account's row, locked until the transaction ends. */
export const lockUser = (trx: DbOrTx, id: string) =>
  trx.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()

/** An account's listings, newest first (at most 200: the detail view's list). */
export const listingsOf = (db: DbOrTx, userId: string) =>
  db
    .selectFrom('podcasts')
    .select(['id', 'title', 'status', 'is_active', 'created_at'])
    .where('create_by', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(200)
    .execute()

/** Reports grouped by book and type: how many, the newest, and whether the group is resolved. */
function reportGroups(db: DbOrTx) {
  return db
    .selectFrom('reports')
    .innerJoin('podcasts', 'podcasts.id', 'reports.podcast_id')
    .innerJoin('report_types', 'report_types.id', 'reports.report_type_id')
    .innerJoin('users as owner', 'owner.id', 'podcasts.create_by')
    .select((eb) => [
      'reports.podcast_id',
      'podcasts.title',
      'podcasts.is_active',
      'podcasts.create_by as owner_id',
      'owner.email as owner_email',
      'owner.is_blocked as owner_blocked',
      'reports.report_type_id',
      'report_types.type',
      eb.fn.countAll<number>().as('reports'),
      eb.fn.count<number>('reports.id').filterWhere('reports.resolved_at', 'is', null).as('open_reports'),
      eb.fn.max('reports.created_at').as('latest_at'),
      eb.fn.max('reports.resolved_at').as('resolved_at'),
    ])
    .groupBy([
      'reports.podcast_id',
      'podcasts.title',
      'podcasts.is_active',
      'podcasts.create_by',
      'owner.email',
      'owner.is_blocked',
      'reports.report_type_id',
      'report_types.type',
    ])
}

export type ReportGroupRow = Awaited<ReturnType<ReturnType<typeof reportGroups>['execute']>>[number]

export interface ReportFilter {
  /** open: groups with an unresolved report; resolved: groups with none */
  status?: 'open' | 'resolved'
  ownerId?: string
  bookId?: string
  reportTypeId?: string
}

function reportGroupsMatching(db: DbOrTx, f: ReportFilter) {
  let q = reportGroups(db)
  if (f.ownerId) q = q.where('podcasts.create_by', '=', f.ownerId)
  if (f.bookId) q = q.where('reports.podcast_id', '=', f.bookId)
  if (f.reportTypeId) q = q.where('reports.report_type_id', '=', f.reportTypeId)
  if (f.status === 'open')
    q = q.having((eb) => eb.fn.count('reports.id').filterWhere('reports.resolved_at', 'is', null), '>', 0)
  if (f.status === 'resolved')
    q = q.having((eb) => eb.fn.count('reports.id').filterWhere('reports.resolved_at', 'is', null), '=', 0)
  return q
}

/** Report groups, newest report first. */
export const listReportGroups = (db: DbOrTx, f: ReportFilter, window: { limit: number; offset: number }) =>
  reportGroupsMatching(db, f)
    .orderBy('latest_at', 'desc')
    .orderBy('reports.podcast_id')
    .orderBy('reports.report_type_id')
    .limit(window.limit)
    .offset(window.offset)
    .execute()

export const countReportGroups = (db: DbOrTx, f: ReportFilter): Promise<number> =>
  countOf(db.selectFrom(reportGroupsMatching(db, f).as('g')))

/** Marks the open reports of one book and type resolved; answers how many it marked. */
export async function resolveReports(
  trx: DbOrTx,
  group: { bookId: string; reportTypeId: string },
  by: { adminId: string; note: string; at: Date },
): Promise<number> {
  const res = await trx
    .updateTable('reports')
    .set({ resolved_at: by.at, resolved_by: by.adminId, resolution_note: by.note })
    .where('podcast_id', '=', group.bookId)
    .where('report_type_id', '=', group.reportTypeId)
    .where('resolved_at', 'is', null)
    .executeTakeFirst()
  return Number(res.numUpdatedRows)
}

/** The admin's word on each of `ids` that has one. */
export async function releasesOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, Top20ReleaseRow>> {
  if (ids.length === 0) return new Map()
  const rows = await db.selectFrom('top20_releases').selectAll().where('podcast_id', 'in', ids).execute()
  return new Map(rows.map((r) => [r.podcast_id, r]))
}

/** The books an admin released from the anomaly guard whose release still runs at `now`. */
export async function releasedBooks(db: DbOrTx, now: Date): Promise<Set<string>> {
  const rows = await db
    .selectFrom('top20_releases')
    .select('podcast_id')
    .where('decision', '=', 'release')
    .where('until', '>', now)
    .execute()
  return new Set(rows.map((r) => r.podcast_id))
}

/** Records an admin's word on a held book, replacing an earlier one. */
export async function decideRelease(trx: DbOrTx, row: Top20ReleaseRow): Promise<void> {
  await trx
    .insertInto('top20_releases')
    .values(row)
    .onConflict((oc) =>
      oc.column('podcast_id').doUpdateSet({
        decision: row.decision,
        until: row.until,
        decided_by: row.decided_by,
        decided_at: row.decided_at,
      }),
    )
    .execute()
}

/** Each book's days in the Top 20, for the ids given. */
export async function daysInTop20Of(db: DbOrTx, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('top20_days')
    .select((eb) => ['podcast_id', eb.fn.countAll<number>().as('days')])
    .where('podcast_id', 'in', ids)
    .groupBy('podcast_id')
    .execute()
  return new Map(rows.map((r) => [r.podcast_id, Number(r.days)]))
}

/** The titles (names) of the books of the ids given. */
export async function titlesOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db.selectFrom('podcasts').select(['id', 'title']).where('id', 'in', ids).execute()
  return new Map(rows.map((r) => [r.id, r.title]))
}

/** Every report type, in the order readers see them. */
export const listReportTypes = (db: DbOrTx) =>
  db.selectFrom('report_types').selectAll().orderBy('sort_order').orderBy('type').execute()

export const lockReportType = (trx: DbOrTx, id: string) =>
  trx.selectFrom('report_types').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()

/** Inserts a report type unless one has the same name (answers undefined then). */
export const insertReportType = (
  db: DbOrTx,
  row: { id: string; type: string; is_active: boolean; sort_order: number },
) =>
  db
    .insertInto('report_types')
    .values(row)
    .onConflict((oc) => oc.column('type').doNothing())
    .returningAll()
    .executeTakeFirst()

export const updateReportType = (
  db: DbOrTx,
  id: string,
  patch: { type?: string; is_active?: boolean; sort_order?: number },
) => db.updateTable('report_types').set(patch).where('id', '=', id).returningAll().executeTakeFirst()

export const findReportTypeByName = (db: DbOrTx, type: string) =>
  db.selectFrom('report_types').select('id').where('type', '=', type).executeTakeFirst()
