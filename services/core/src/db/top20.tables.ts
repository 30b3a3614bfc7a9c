import type { ColumnType, Selectable } from 'kysely'

/** One ranking of the top20 job: when it was computed. */
export interface Top20RankingsTable {
  id: string
  computed_at: Date
}

/** A book's place in one ranking (1 = first), with its engagement score and readers then. */
export interface Top20EntriesTable {
  ranking_id: string
  position: number
  podcast_id: string
  score: number
  readers: number
}
export type Top20EntryRow = Selectable<Top20EntriesTable>

/** A UTC day on which a book was in at least one ranking: days_in_top_20 counts these. */
export interface Top20DaysTable {
  podcast_id: string
  /** the UTC day, written as 'YYYY-MM-DD' */
  day: ColumnType<Date, string, string>
  created_at: ColumnType<Date, Date | undefined, never>
}

/** A book the anomaly guard kept out of one ranking, with the figures that decided it (for admins). */
export interface Top20HeldTable {
  ranking_id: string
  podcast_id: string
  /** why (analytics/top20-guard.ts): 'anonymous_majority' or 'address_burst' */
  reason: string
  /** the score it would have ranked with */
  score: number
  readers: number
  details: ColumnType<Record<string, number>, string, string>
  held_at: Date
}
export type Top20HeldRow = Selectable<Top20HeldTable>
