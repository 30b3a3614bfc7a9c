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

/** An admin's word on a book the Top 20's anomaly guard holds: the latest per book wins. */
export interface Top20ReleasesTable {
  podcast_id: string
  decision: 'release' | 'keep'
  /** a release lets the guard's hold go until then; a keep has no end (far future) */
  until: Date
  decided_by: string
  decided_at: Date
}
export type Top20ReleaseRow = Selectable<Top20ReleasesTable>
