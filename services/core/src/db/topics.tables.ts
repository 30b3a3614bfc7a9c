import type { ColumnType, Selectable } from 'kysely'

/** A topic page: one idea several readers searched for (normalised), in the order of the index page. */
export interface TopicsTable {
  slug: string
  idea: string
  position: number
  /** distinct readers who searched for the idea when the set was made */
  searchers: number
  refreshed_at: ColumnType<Date, Date | undefined, Date>
}
export type TopicRow = Selectable<TopicsTable>

/** A book the idea search found for a topic, best first, with its Strut score (0-100) for the idea. */
export interface TopicBooksTable {
  slug: string
  position: number
  podcast_id: string
  strut_score: number
}
