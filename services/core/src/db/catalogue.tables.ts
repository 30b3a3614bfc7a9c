import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'

/** 0 pending, 1 approved, 2 rejected (spec author-and-content section 3). */
export type ListingStatus = 0 | 1 | 2

export interface BooksTable {
  id: string
  source_id: string | null
  create_by: string
  title: string
  author: string
  category_name: string
  description: string
  primary_key: Generated<string>
  secondary_key: Generated<string>
  additional_key: Generated<string>
  publisher: Generated<string>
  year_published: number | null
  isbn: string | null
  language: string | null
  youtube_url: string | null
  tiktok_url: string | null
  get_this_url: string | null
  book_cover_image: string | null
  author_image: string | null
  status: ColumnType<ListingStatus, ListingStatus | undefined, ListingStatus>
  status_comment: Generated<string>
  is_active: Generated<boolean>
  /** readers who like the book now, one each (kept with every like and unlike: the reactions repository) */
  likes: Generated<number>
  created_at: Date
  updated_at: Date
}
export type BookRow = Selectable<BooksTable>
export type NewBook = Insertable<BooksTable>
export type BookUpdate = Updateable<BooksTable>

export interface EpisodesTable {
  id: string
  podcast_id: string
  part: Generated<number>
  title: Generated<string>
  description: Generated<string>
  file_url: string | null
  /** seconds, read from the MP3 by the server */
  duration: Generated<number>
  transcript: string | null
  year_published: number | null
  likes: Generated<number>
  listening_hours: Generated<number>
  created_at: Date
}
export type EpisodeRow = Selectable<EpisodesTable>
export type NewEpisode = Insertable<EpisodesTable>
