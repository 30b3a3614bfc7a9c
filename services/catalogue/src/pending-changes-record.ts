import type { DbOrTx, ListingPendingChangesRow } from '@bookstrut/core'
import type { PendingChanges, Podcast } from '@bookstrut/schemas'
import { pendingChangesOf } from './pending-changes.js'

/*
 * An edit waiting for moderation (pending-changes.ts) in the contract's wire shape, beside the listing's own record
 * (book-record.ts): the Podcast record's `pendingChanges`, for the owner's and admins' views only.
 */

/** The listing's columns by the wire names of the contract's Podcast record. */
const WIRE_NAME: Record<string, string> = {
  title: 'title',
  author: 'author',
  category_name: 'categoryName',
  description: 'description',
  primary_key: 'primary_key',
  secondary_key: 'secondary_key',
  additional_key: 'additional_key',
  publisher: 'publisher',
  year_published: 'year_published',
  isbn: 'ISBN',
  language: 'language',
  youtube_url: 'youtube_url',
  tiktok_url: 'tiktok_url',
  get_this_url: 'get_this_url',
  book_cover_image: 'bookCoverImage',
  author_image: 'authorImage',
}
const EPISODE_WIRE_NAME: Record<string, string> = {
  file_url: 'fileUrl',
  duration: 'duration',
  transcript: 'transcript',
}

const renamed = (patch: object, names: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(patch as Record<string, string | number | null>).flatMap(([k, v]) =>
      names[k] ? [[names[k], v]] : [],
    ),
  )

export const toPendingChanges = (row: ListingPendingChangesRow): PendingChanges => ({
  status: row.status,
  statusComment: row.status_comment,
  submittedAt: row.submitted_at.toISOString(),
  fields: renamed(row.book_patch, WIRE_NAME),
  episode: renamed(row.episode_patch, EPISODE_WIRE_NAME),
})

/**
 * The listings with the edit of each that waits for moderation (or was last rejected), null when none: for the
 * owner's and admins' views only (My Listings, the moderation queue, their own book page), never the public's.
 */
export async function withPendingChanges<P extends Podcast>(db: DbOrTx, podcasts: P[]): Promise<P[]> {
  const waiting = await pendingChangesOf(
    db,
    podcasts.map((p) => p._id),
  )
  return podcasts.map((p) => {
    const row = waiting.get(p._id)
    return { ...p, pendingChanges: row ? toPendingChanges(row) : null }
  })
}
