import { notFound, type DbOrTx } from '@bookstrut/core'
import type { Podcast } from '@bookstrut/schemas'
import { toPodcast } from '../book-record.js'
import { findBookWithOwnerState } from '../db/books.repository.js'
import { canSeeBook, type Viewer } from '../visibility.js'

/**
 * One listing as `viewer` may see it (the book page, and what a reader may like, favour, ghost or report): public
 * (visibility.ts), or any state for its owner and admins; 404 otherwise, as for an unknown id (no oracle).
 */
export async function visibleBook(db: DbOrTx, bookId: string, viewer: Viewer): Promise<Podcast> {
  const row = await findBookWithOwnerState(db, bookId)
  if (!row || !canSeeBook(viewer, row)) throw notFound('Podcast not found')
  return toPodcast(row)
}
