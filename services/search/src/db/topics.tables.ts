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

/**
 * Where readers' words stand in the moderation queue (issue 45): pending → approved / rejected; approved →
 * withdrawn. Only approved words are public or used in ranking; rejected and withdrawn ones are never queued again.
 */
export type ModerationStatus = 'pending' | 'approved' | 'rejected' | 'withdrawn'

/** A book a topic candidate would list, with its Strut score for the idea. */
export interface CandidateBook {
  bookId: string
  strutScore: number
}

/** An idea the topics job found searched by enough readers, waiting for (or past) an admin's word. */
export interface TopicCandidatesTable {
  id: string
  slug: string
  idea: string
  readers: number
  networks: number
  books: ColumnType<CandidateBook[], string, string>
  status: ColumnType<ModerationStatus, ModerationStatus | undefined, ModerationStatus>
  decided_by: string | null
  decided_at: Date | null
  created_at: ColumnType<Date, Date | undefined, never>
  /** the last topics run that found it */
  seen_at: Date
}
export type TopicCandidateRow = Selectable<TopicCandidatesTable>
