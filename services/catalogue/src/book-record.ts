import { EDIT_WINDOW_MS, type Podcast } from '@bookstrut/schemas'
import type { BookWithEpisodes } from './db/books.repository.js'

/**
 * A listing in the contract's wire shape (its "Podcast (book) record"), shared by every use case that answers with
 * books. The caller's like and favourite flags are false here; where a reader is known they are added by
 * @bookstrut/analytics' withReactionFlags. The episode's `likes` is the live count (kept by the reactions).
 */
export function toPodcast(row: BookWithEpisodes): Podcast {
  return {
    _id: row.id,
    sourceId: row.source_id,
    title: row.title,
    description: row.description,
    author: row.author,
    authorImage: row.author_image,
    bookCoverImage: row.book_cover_image,
    createBy: row.create_by,
    publisher: row.publisher,
    categoryName: row.category_name,
    year_published: row.year_published,
    ISBN: row.isbn,
    language: row.language,
    primary_key: row.primary_key,
    secondary_key: row.secondary_key,
    additional_key: row.additional_key,
    youtube_url: row.youtube_url,
    tiktok_url: row.tiktok_url,
    get_this_url: row.get_this_url,
    status: row.status,
    statusComment: row.status_comment,
    likeFlag: false,
    favoritesFlag: false,
    totalListeningCount: 0,
    ghostCount: row.ghost_count,
    createdAt: row.created_at.toISOString(),
    editableUntil: new Date(row.created_at.getTime() + EDIT_WINDOW_MS).toISOString(),
    episodes: row.episodes.map((e) => ({
      _id: e.id,
      part: e.part,
      title: e.title,
      fileUrl: e.file_url,
      duration: e.duration,
      transcript: e.transcript,
      year_published: e.year_published,
      likes: e.likes,
      listeningHours: e.listening_hours,
      // Moderation is per listing; each podblurb shows its listing's state, as the spec's client expects.
      status: row.status,
      statusComment: row.status_comment,
      ghostCount: row.ghost_count,
    })),
  }
}
