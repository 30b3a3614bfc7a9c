import { notFound } from '@bookstrut/core'
import type { AuthorBooks } from '@bookstrut/schemas'
import { toPodcast } from '../book-record.js'
import * as booksRepo from '../db/books.repository.js'
import type { CatalogueDeps } from '../deps.js'

/** As many books as an account's public titles list (userPodcasts): an author page is one page. */
const AUTHOR_BOOKS_MAX = 200

/** The name as books are matched by it: without outer spaces and with inner runs of spaces as one. */
export const normaliseAuthorName = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ')

/**
 * An author's page: the approved books that name `name` as their author, whichever accounts list them, and
 * those accounts (the publishers). An imported book belongs to the account that imported it, so its author has
 * no account of their own: this page is theirs. 404 when no approved book has that author. The books carry no
 * reader's flags (the api adds the caller's).
 */
export async function authorBooks(
  deps: Pick<CatalogueDeps, 'db'>,
  q: { name: string },
): Promise<AuthorBooks> {
  const name = normaliseAuthorName(q.name)
  const { rows, total } = await booksRepo.listPublicByAuthor(deps.db, name, AUTHOR_BOOKS_MAX)
  const [newest] = rows
  if (!newest) throw notFound('Author not found')
  const accounts = await booksRepo.listingAccountsOfAuthor(deps.db, name)
  return {
    author: newest.author,
    podcastCount: total,
    listedBy: accounts.map((a) => ({
      _id: a.id,
      name: `${a.first_name} ${a.last_name}`.trim(),
      podcastCount: a.books,
    })),
    data: rows.map(toPodcast),
  }
}
