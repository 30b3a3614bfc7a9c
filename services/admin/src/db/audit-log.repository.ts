import type { AdminAuditRow, DbOrTx } from '@bookstrut/core'
import { countOf, newestFirst } from './console-lists.js'

/* The audit log as the admin console reads it; entries are appended by core's `audited` (admin-audit.repository). */

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
