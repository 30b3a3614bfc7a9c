import { withReactionFlags } from '@bookstrut/analytics'
import { booksRepo, toPodcast } from '@bookstrut/catalogue'
import type { DbOrTx, Page } from '@bookstrut/core'
import type { ShelfPlace, ShelvedBook } from '@bookstrut/schemas'

/**
 * A page of shelf places as the API shows it: each with its book (the contract's record, with the reader's own
 * like and favourite flags). A book no longer public since the page was read is left out.
 */
export async function withBooks(
  deps: { db: DbOrTx },
  readerId: string,
  page: Page<ShelfPlace>,
): Promise<Page<ShelvedBook>> {
  const rows = await booksRepo.findPublicBooksInOrder(
    deps.db,
    page.data.map((p) => p.bookId),
    null,
  )
  const books = new Map((await withReactionFlags(deps, readerId, rows.map(toPodcast))).map((b) => [b._id, b]))
  return {
    ...page,
    data: page.data.flatMap((place) => {
      const book = books.get(place.bookId)
      return book ? [{ book, place }] : []
    }),
  }
}
