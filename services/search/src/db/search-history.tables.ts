import type { ColumnType, Insertable, Selectable } from 'kysely'

/** A saved search: the three ideas of an idea search (the API calls them fistKeyWord, secondKeyWord, thirdKeyWord). */
export interface SearchHistoryTable {
  id: string
  user_id: string
  first_term: string
  second_term: string
  third_term: string
  created_at: ColumnType<Date, Date | undefined, never>
  /** Set again whenever the same search is saved or the item is edited: the list is newest first by it. */
  updated_at: Date
  /** keyed hash of the saving address's network (reader-network.ts); null for searches saved before issue 45 */
  network: ColumnType<string | null, string | null | undefined, string | null>
}
export type SearchHistoryRow = Selectable<SearchHistoryTable>
export type NewSearchHistory = Insertable<SearchHistoryTable>
