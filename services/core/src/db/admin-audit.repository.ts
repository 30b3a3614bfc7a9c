import type { DbOrTx } from './database.js'
import type { AdminAuditRow } from './admin.tables.js'
import { newId } from '../ids.js'
import { countOf, newestFirst } from './console-lists.js'

/** One admin action as written: before/after are the target's state, any JSON (null for none). */
export interface NewAuditEntry {
  adminId: string
  adminEmail: string
  action: string
  targetType: string
  targetId: string
  before: unknown
  after: unknown
  requestId: string | null
  at: Date
}

/** Appends one entry. Call it in the transaction of the change it records. */
export async function appendEntry(db: DbOrTx, entry: NewAuditEntry): Promise<AdminAuditRow> {
  return db
    .insertInto('admin_audit_log')
    .values({
      id: newId(entry.at.getTime()),
      admin_id: entry.adminId,
      admin_email: entry.adminEmail,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      request_id: entry.requestId,
      created_at: entry.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Which entries to read; every field narrows, none means all. `to` is exclusive. */
export interface AuditFilter {
  adminId?: string
  action?: string
  targetId?: string
  from?: Date
  to?: Date
}

function filtered(db: DbOrTx, f: AuditFilter) {
  let q = db.selectFrom('admin_audit_log')
  if (f.adminId) q = q.where('admin_id', '=', f.adminId)
  if (f.action) q = q.where('action', '=', f.action)
  if (f.targetId) q = q.where('target_id', '=', f.targetId)
  if (f.from) q = q.where('created_at', '>=', f.from)
  if (f.to) q = q.where('created_at', '<', f.to)
  return q
}

/** Entries newest first, `limit` from `offset`. */
export const listEntries = (
  db: DbOrTx,
  f: AuditFilter,
  window: { limit: number; offset: number },
): Promise<AdminAuditRow[]> => newestFirst(filtered(db, f).selectAll(), window).execute()

export const countEntries = (db: DbOrTx, f: AuditFilter): Promise<number> => countOf(filtered(db, f))
