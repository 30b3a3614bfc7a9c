import { EDIT_WINDOW_MS, type Podcast } from '@bookstrut/schemas'
import { canSeeListing, notFound, podcastsRepo, type DbOrTx } from '@bookstrut/core'
import type { Auth } from '../types.js'

type PodcastWithEpisodes = podcastsRepo.PodcastWithEpisodes

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
  const row = await podcastsRepo.findPodcast(deps.db, podcastId)
  if (!row || !canSeeListing(auth?.user, row)) throw notFound('Podcast not found')
  return toPodcast(row)
}

/**
 * A listing in the spec's wire shape. Likes, favourites and listening counts are the reader
 * features of later work: until then they are the true values for a catalogue without them (false / 0).
 */
export function toPodcast(row: PodcastWithEpisodes): Podcast {
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
