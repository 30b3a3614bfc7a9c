import type { ColumnType, Selectable } from 'kysely'

/** A like or a favourite: one per reader and title (the `likes` and `favorites` tables share this shape). */
export interface ReactionsTable {
  id: string
  user_id: string
  podcast_id: string
  episode_id: string | null
  created_at: ColumnType<Date, Date | undefined, never>
}
export type ReactionRow = Selectable<ReactionsTable>
