import type { ColumnType, Generated, Selectable } from 'kysely'

/** A podcasts patch as stored: column name → value (JSON). */
export type BookPatch = Record<string, string | number | null>
/** A podblurb patch as stored. */
export interface EpisodePatch {
  file_url?: string
  duration?: number
  transcript?: string | null
}

/** An approved listing's edit waiting for moderation (migration 2026_12_03_1520; catalogue pending-changes.ts). */
export interface ListingPendingChangesTable {
  podcast_id: string
  episode_id: string | null
  book_patch: ColumnType<BookPatch, string, string>
  episode_patch: ColumnType<EpisodePatch, string, string>
  status: Generated<'pending' | 'rejected'>
  status_comment: Generated<string>
  submitted_at: Date
  updated_at: Date
}
export type ListingPendingChangesRow = Selectable<ListingPendingChangesTable>
