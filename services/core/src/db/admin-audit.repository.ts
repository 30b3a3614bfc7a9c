import type { DbOrTx } from './database.js'
import type { AdminAuditRow } from './audit-log.tables.js'
import { newId } from '../ids.js'

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
