import { stringify } from 'csv-stringify/sync'
import { pageWindow, type AdminAuditRow, type Deps } from '@bookstrut/core'
import type { AuditEntry, AuditLogQuery, AuditPage } from '@bookstrut/schemas'
import * as auditLogRepo from '../db/audit-log.repository.js'
import type { AuditFilter } from '../db/audit-log.repository.js'
import { consolePage } from './console-page.js'

/** The most rows one CSV file holds: a narrower filter (a date range) gets the rest. */
export const CSV_MAX_ROWS = 10_000

const toEntry = (r: AdminAuditRow): AuditEntry => ({
  id: r.id,
  adminId: r.admin_id,
  adminEmail: r.admin_email,
  action: r.action,
  targetType: r.target_type,
  targetId: r.target_id,
  before: r.before ?? null,
  after: r.after ?? null,
  requestId: r.request_id,
  createdAt: r.created_at.toISOString(),
})

const filterOf = (q: AuditLogQuery): AuditFilter => ({
  adminId: q.adminId,
  action: q.action,
  targetId: q.targetId,
  from: q.from ? new Date(q.from) : undefined,
  to: q.to ? new Date(q.to) : undefined,
})

/** Entries matching the filters, newest first, one page. */
export async function readAuditLog(deps: Pick<Deps, 'db'>, query: AuditLogQuery): Promise<AuditPage> {
  const window = pageWindow(query.page ?? 1, query.limit ?? 50)
  const filter = filterOf(query)
  return consolePage(
    window,
    auditLogRepo.listEntries(deps.db, filter, window),
    auditLogRepo.countEntries(deps.db, filter),
    toEntry,
  )
}

/**
 * A cell as a spreadsheet may show it: a text starting with = + - @ (or a tab or carriage return) would be read
 * as a formula (CSV injection, OWASP), so it gets a leading apostrophe. Names and notes come from users.
 */
const safeCell = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text)

/** Entries matching the filters (no paging, at most CSV_MAX_ROWS, newest first) as CSV, with a header row. */
export async function auditLogCsv(deps: Pick<Deps, 'db'>, query: AuditLogQuery): Promise<string> {
  const rows = await auditLogRepo.listEntries(deps.db, filterOf(query), { limit: CSV_MAX_ROWS, offset: 0 })
  return stringify(
    rows.map((r) => {
      const e = toEntry(r)
      return [
        e.createdAt,
        e.id,
        e.adminId,
        e.adminEmail,
        e.action,
        e.targetType,
        e.targetId,
        JSON.stringify(e.before),
        JSON.stringify(e.after),
        e.requestId ?? '',
      ].map(safeCell)
    }),
    {
      header: true,
      columns: [
        'time',
        'id',
        'admin_id',
        'admin_email',
        'action',
        'target_type',
        'target_id',
        'before',
        'after',
        'request_id',
      ],
    },
  )
}
