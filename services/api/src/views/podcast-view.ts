import { reactionsRepo } from '@bookstrut/analytics'
import { booksRepo } from '@bookstrut/catalogue'
import { actsFor, canSeeListing, notFound, type DbOrTx } from '@bookstrut/core'
import { EDIT_WINDOW_MS, type Podcast } from '@bookstrut/schemas'
import type { Auth } from '../types.js'
import { withPendingChanges } from './pending-changes-view.js'

type BookWithEpisodes = booksRepo.BookWithEpisodes

/*
 * The book as the API shows it (the contract's `Podcast` record), shared by every route that answers with books:
 * routes import it from here, never from one another.
 */

/** One listing: public when approved and active; its owner and admins see it in any state (404 otherwise). */
export async function getSinglePodcast(
  deps: { db: DbOrTx },
  podcastId: string,
  auth: Auth | null,
): Promise<Podcast> {
  const row = await booksRepo.findBook(deps.db, podcastId)
  if (!row || !canSeeListing(auth?.user, row)) throw notFound('Podcast not found')
  const [podcast] = await withReactionFlags(deps, auth?.user.id, [toPodcast(row)])
  // The owner and admins also see an edit waiting for moderation (issue 48); readers see the approved version.
  if (actsFor(auth?.user, row.create_by)) return (await withPendingChanges(deps.db, [podcast!]))[0]!
  return podcast!
}

/**
 * A reader's own `likeFlag` and `favoritesFlag` on the given books (the caller's, as a rule), in one query per
 * reaction for the whole page; without a reader (anonymous callers) both stay false.
 */
export async function withReactionFlags<P extends Podcast>(
  deps: { db: DbOrTx },
  readerId: string | null | undefined,
  podcasts: P[],
): Promise<P[]> {
  if (!readerId || podcasts.length === 0) return podcasts
  const { liked, favorited } = await reactionsRepo.reactionFlags(
    deps.db,
    readerId,
    podcasts.map((p) => p._id),
  )
  return podcasts.map((p) => ({ ...p, likeFlag: liked.has(p._id), favoritesFlag: favorited.has(p._id) }))
}

/**
 * A listing in the spec's wire shape. The caller's like and favourite flags are false here; routes that know the
 * caller add them with withReactionFlags. The episode's `likes` is the live count (kept by the reactions routes).
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
    likes: row.likes,
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
