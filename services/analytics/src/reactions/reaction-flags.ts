import { visibleBook, type Viewer } from '@bookstrut/catalogue'
import type { DbOrTx } from '@bookstrut/core'
import type { Podcast } from '@bookstrut/schemas'
import { reactionFlags } from '../db/reactions.repository.js'

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
  const { liked, favorited } = await reactionFlags(
    deps.db,
    readerId,
    podcasts.map((p) => p._id),
  )
  return podcasts.map((p) => ({ ...p, likeFlag: liked.has(p._id), favoritesFlag: favorited.has(p._id) }))
}

/**
 * One listing as its reader sees it (the book page): public, or any state for its owner and admins, else 404
 * (catalogue's visibleBook, the one rule), with the reader's own flags.
 */
export async function bookForReader(deps: { db: DbOrTx }, bookId: string, viewer: Viewer): Promise<Podcast> {
  const [book] = await withReactionFlags(deps, viewer?.id, [await visibleBook(deps.db, bookId, viewer)])
  return book!
}
