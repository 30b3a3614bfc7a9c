import type { ColumnType, Selectable } from 'kysely'
import type { ModerationStatus } from './topics.tables.js'

/**
 * "Found it" (issue 34): one row per reader, book and idea they confirmed ("this is the book I meant" for a search
 * with that idea). `idea_key` is the idea normalised (case, punctuation, spacing), so one account confirms a given
 * book and idea once however it retypes it. `network` is a keyed hash of the address's network (IPv4 /24, IPv6
 * /48) under a deployment key: enough to tell "from another place" apart, never the address itself.
 */
export interface FoundItConfirmationsTable {
  id: string
  user_id: string
  podcast_id: string
  idea_key: string
  /** as the reader typed it (trimmed): never shown to anybody before readers agree on it */
  idea: string
  network: string
  /** the book's rank in the search it was confirmed from (1-based) and that idea's Strut score there */
  rank: number
  score: number
  created_at: ColumnType<Date, Date, never>
}
export type FoundItConfirmationRow = Selectable<FoundItConfirmationsTable>

/**
 * Ideas readers agree find a book (the agreement rule: services/search/src/found-it/agreement.ts): searchable
 * ideas of the book (embedded as extra passages), training pairs for the encoder, and shown to its author.
 */
export interface BookFoundIdeasTable {
  /** what the moderation queue names it by (a default when a row is written without one) */
  id: ColumnType<string, string | undefined, never>
  podcast_id: string
  idea_key: string
  /** the wording shown and embedded: the variant most of its readers typed */
  idea: string
  readers: number
  networks: number
  agreed_at: ColumnType<Date, Date, Date>
  /** the moderation queue's word (issue 45): only `approved` ideas are passages of the book */
  status: ColumnType<ModerationStatus, ModerationStatus | undefined, ModerationStatus>
  decided_by: string | null
  decided_at: Date | null
}
export type BookFoundIdeaRow = Selectable<BookFoundIdeasTable>
