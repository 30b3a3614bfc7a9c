import type { ColumnType, Selectable } from 'kysely'

/** A like or a favourite: one per reader and book (the `likes` and `favorites` tables share this shape). */
export interface ReactionsTable {
  id: string
  user_id: string
  podcast_id: string
  episode_id: string | null
  created_at: ColumnType<Date, Date | undefined, never>
}
export type ReactionRow = Selectable<ReactionsTable>

/** The first like (or favourite) of a reader, book and UTC day: the time its once-a-day event carries. */
export interface ReactionDaysTable {
  kind: 'like' | 'favorite'
  user_id: string
  podcast_id: string
  /** the UTC day, written as 'YYYY-MM-DD' */
  day: ColumnType<Date, string, string>
  first_at: Date
}
