import { booksRepo } from '@bookstrut/catalogue'
import type { DbOrTx } from '@bookstrut/core'
import { toSurfaceBook, type SurfaceBook } from './surface-index.js'

/** One book as a keyword index should hold it, whatever its status; undefined when it was deleted. */
export async function loadSurfaceBook(db: DbOrTx, id: string): Promise<SurfaceBook | undefined> {
  const row = await booksRepo.findBookWithOwnerState(db, id)
  return row && toSurfaceBook(row)
}

/**
 * Every public book, in pages of `pageSize` (keyset paging by id: no long transaction, no offset scans). An
 * aborted `signal` makes the stream throw rather than end, so a reindex never takes a cut-short stream for
 * the whole catalogue.
 */
export async function* publicSurfaceBooks(
  db: DbOrTx,
  pageSize = 500,
  signal?: AbortSignal,
): AsyncGenerator<SurfaceBook[]> {
  let after: string | null = null
  for (;;) {
    signal?.throwIfAborted()
    const rows = await booksRepo.publicBooksAfter(db, after, pageSize)
    if (rows.length > 0) yield rows.map(toSurfaceBook)
    if (rows.length < pageSize) return
    after = rows[rows.length - 1]?.id ?? null
  }
}
