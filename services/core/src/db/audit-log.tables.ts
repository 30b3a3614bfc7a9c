import type { ColumnType, Selectable } from 'kysely'

/** One admin action (migration 2026_11_30_1200): append-only, a trigger refuses UPDATE and DELETE. */
export interface AdminAuditLogTable {
  id: string
  admin_id: string
  /** the admin's address when they acted (the entry outlives the account) */
  admin_email: string
  /** what was done, `<kind>.<verb>`: user.block, listing.moderate, plan.update… (docs/admin.md) */
  action: string
  /** what it was done to: user, listing, plan, report, report_type, top20_title */
  target_type: string
  target_id: string
  before: ColumnType<unknown, string | null, never>
  after: ColumnType<unknown, string | null, never>
  request_id: string | null
  created_at: ColumnType<Date, Date | undefined, never>
}
export type AdminAuditRow = Selectable<AdminAuditLogTable>
