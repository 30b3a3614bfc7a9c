import { Type, type Static } from '@sinclair/typebox'
import { Id } from './common.js'
import { Podcast } from './books.js'

/**
 * The longest author name the author page looks up: the listing form allows 50 characters and a bulk import
 * 200 (services/api/src/import/book-line.ts), so nothing stored is longer.
 */
export const AUTHOR_NAME_MAX = 200

/**
 * An author as books name them (`author`), not an account: the page of an imported book's author. The name is
 * matched whole, ignoring case and repeated spaces; control characters are refused.
 */
export const AuthorBooksQuery = Type.Object({
  name: Type.String({
    minLength: 1,
    maxLength: AUTHOR_NAME_MAX,
    // at least one visible character, and no control characters (they are in no stored name)
    pattern: '^[^\\u0000-\\u001f\\u007f]*[^\\s\\u0000-\\u001f\\u007f][^\\u0000-\\u001f\\u007f]*$',
    description: 'the author’s name as the books give it (case and repeated spaces do not matter)',
  }),
  userId: Type.Optional(Id),
})
export type AuthorBooksQuery = Static<typeof AuthorBooksQuery>

/** An account that lists books by the author: the publisher, whose own profile is /author-profile/{_id}. */
export const ListingAccount = Type.Object({
  _id: Id,
  name: Type.String({ description: 'the account’s first and last name' }),
  podcastCount: Type.Integer({ description: 'how many of this author’s approved books the account lists' }),
})
export type ListingAccount = Static<typeof ListingAccount>

export const AuthorBooks = Type.Object({
  author: Type.String({ description: 'the name as the newest of the author’s books spells it' }),
  podcastCount: Type.Integer({ description: 'the author’s approved books (Total Titles)' }),
  listedBy: Type.Array(ListingAccount, { description: 'who lists them, most books first' }),
  data: Type.Array(Podcast, { description: 'the author’s approved books, newest first (at most 200)' }),
})
export type AuthorBooks = Static<typeof AuthorBooks>
