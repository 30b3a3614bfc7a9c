import type { ColumnType, Generated, Selectable } from 'kysely'

export interface GhostsTable {
  user_id: string
  podcast_id: string
  episode_id: string | null
  created_at: Date
}

export interface ReportTypesTable {
  id: string
  type: string
  is_active: Generated<boolean>
  sort_order: Generated<number>
}
export type ReportTypeRow = Selectable<ReportTypesTable>

export interface ReportsTable {
  id: string
  user_id: string
  report_type_id: string
  podcast_id: string
  episode_id: string | null
  created_at: ColumnType<Date, Date | undefined, never>
  /** set when an admin resolves the report's group (book and type) */
  resolved_at: ColumnType<Date | null, never, Date | null>
  resolved_by: ColumnType<string | null, never, string | null>
  resolution_note: ColumnType<string | null, never, string | null>
}
