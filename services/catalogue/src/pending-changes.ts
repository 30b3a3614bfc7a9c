import { sql } from 'kysely'
import type {
  BookPatch,
  BookRow,
  BookUpdate,
  DbOrTx,
  EpisodePatch,
  ListingPendingChangesRow,
} from '@bookstrut/core'

/*
 * Edits do not take a live book down (issue 48). An edit of a live listing (approved and active) is kept here,
 * waiting for moderation, while the approved version stays in search, on its page and in the Top 20; the owner and
 * admins see both. Approving applies the waiting changes to the listing (the live version is swapped for the
 * edited one); rejecting keeps the live version and the rejected changes with the admin's comment until the next
 * edit. A listing that is not live (pending, rejected) is edited in place, as before: nothing public to protect.
 */

/** The media columns a change can replace: their old files are removed once the replacement is committed. */
const BOOK_FILES = ['book_cover_image', 'author_image'] as const

/** A listing is live when readers can find it: an edit then waits instead of taking it down. */
export const isLive = (row: Pick<BookRow, 'status' | 'is_active'>) => row.status === 1 && row.is_active

export interface StagedChange {
  bookId: string
  episodeId: string | null
  /** the listing's columns that change (no status, no updated_at) */
  book: BookUpdate
  episode: EpisodePatch
  now: Date
}

const filesOf = (book: BookPatch, episode: EpisodePatch) =>
  [...BOOK_FILES.map((f) => book[f]), episode.file_url].filter((f): f is string => typeof f === 'string')

const lockPending = (trx: DbOrTx, bookId: string) =>
  trx
    .selectFrom('listing_pending_changes')
    .selectAll()
    .where('podcast_id', '=', bookId)
    .forUpdate()
    .executeTakeFirst()

/**
 * Keeps an edit of a live listing waiting for moderation. A second edit while the first waits is merged into it
 * (the later value wins); after a rejection the new edit starts afresh. Call inside a transaction; answers the
 * files of the earlier waiting changes this one replaced (or dropped), to remove once it is committed.
 */
export async function stagePendingChanges(
  trx: DbOrTx,
  change: StagedChange,
): Promise<{ replacedFiles: string[] }> {
  const earlier = await lockPending(trx, change.bookId)
  const keep = earlier?.status === 'pending'
  const book: BookPatch = { ...(keep ? earlier.book_patch : {}), ...(change.book as BookPatch) }
  const episode: EpisodePatch = { ...(keep ? earlier.episode_patch : {}), ...change.episode }
  const stillUsed = new Set(filesOf(book, episode))
  const replacedFiles = earlier
    ? filesOf(earlier.book_patch, earlier.episode_patch).filter((f) => !stillUsed.has(f))
    : []
  const changed = {
    episode_id: change.episodeId,
    book_patch: JSON.stringify(book),
    episode_patch: JSON.stringify(episode),
    status: 'pending' as const,
    status_comment: '',
    submitted_at: keep ? earlier.submitted_at : change.now,
    updated_at: change.now,
  }
  await trx
    .insertInto('listing_pending_changes')
    .values({ podcast_id: change.bookId, ...changed })
    .onConflict((oc) => oc.column('podcast_id').doUpdateSet(changed))
    .execute()
  return { replacedFiles }
}

/** The waiting (or last rejected) changes of each of the listings, by listing id. */
export async function pendingChangesOf(
  db: DbOrTx,
  bookIds: readonly string[],
): Promise<Map<string, ListingPendingChangesRow>> {
  if (bookIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('listing_pending_changes')
    .selectAll()
    .where('podcast_id', 'in', [...bookIds])
    .execute()
  return new Map(rows.map((r) => [r.podcast_id, r]))
}

/**
 * Approving a live listing with waiting changes applies them: the listing takes the edited values (it stays
 * approved and public throughout) and the row goes. Answers whether there were any, and the live version's files
 * the changes replaced (to remove once committed). Call inside the moderation's transaction.
 */
export async function approvePendingChanges(
  trx: DbOrTx,
  live: Pick<BookRow, 'id' | 'book_cover_image' | 'author_image'> & {
    episodeFile: (id: string) => string | null
  },
  now: Date,
): Promise<{ applied: boolean; replacedFiles: string[] }> {
  const pending = await lockPending(trx, live.id)
  if (!pending || pending.status !== 'pending') return { applied: false, replacedFiles: [] }
  const replacedFiles: string[] = []
  for (const f of BOOK_FILES) {
    const old = live[f]
    if (typeof pending.book_patch[f] === 'string' && old) replacedFiles.push(old)
  }
  await trx
    .updateTable('podcasts')
    .set({ ...(pending.book_patch as BookUpdate), status: 1, status_comment: '', updated_at: now })
    .where('id', '=', live.id)
    .execute()
  if (pending.episode_id && Object.keys(pending.episode_patch).length > 0) {
    const old = live.episodeFile(pending.episode_id)
    if (pending.episode_patch.file_url && old) replacedFiles.push(old)
    await trx
      .updateTable('episodes')
      .set(pending.episode_patch)
      .where('id', '=', pending.episode_id)
      .execute()
  }
  await trx.deleteFrom('listing_pending_changes').where('podcast_id', '=', live.id).execute()
  return { applied: true, replacedFiles }
}

/**
 * Rejecting a live listing's waiting changes keeps the live version: the changes stay beside it, rejected with the
 * comment the owner reads, without their files (answered, to remove once committed). Answers whether there were any.
 */
export async function rejectPendingChanges(
  trx: DbOrTx,
  bookId: string,
  comment: string,
  now: Date,
): Promise<{ rejected: boolean; stagedFiles: string[] }> {
  const pending = await lockPending(trx, bookId)
  if (!pending || pending.status !== 'pending') return { rejected: false, stagedFiles: [] }
  const book = Object.fromEntries(
    Object.entries(pending.book_patch).filter(([k]) => !(BOOK_FILES as readonly string[]).includes(k)),
  )
  const { file_url: _file, duration: _duration, ...episode } = pending.episode_patch
  await trx
    .updateTable('listing_pending_changes')
    .set({
      status: 'rejected',
      status_comment: comment,
      book_patch: JSON.stringify(book),
      episode_patch: JSON.stringify(episode),
      updated_at: now,
    })
    .where('podcast_id', '=', bookId)
    .execute()
  return { rejected: true, stagedFiles: filesOf(pending.book_patch, pending.episode_patch) }
}

/** Listings waiting for moderation: pending ones and live ones with waiting changes (the moderation queue). */
export const hasWaitingChanges = sql<boolean>`exists (select 1 from listing_pending_changes c
  where c.podcast_id = podcasts.id and c.status = 'pending')`
