import { Type, type Static } from '@sinclair/typebox'
import { Id } from './common.js'
import { MAX_IDEA_LENGTH } from './search.js'
import { IdQuery, UserIdQuery } from './users.js'

/*
 * Saved searches (search history), spec reader-and-account sections 2, 4 and 7. The item itself is
 * `SearchHistoryItem` in search.ts. The spec spells the first term `fistKeyWord`; the API keeps that name.
 * A term is as long as a search idea may be, so every idea search can be saved.
 */

const term = (n: 1 | 2 | 3) =>
  Type.String({
    pattern: '\\S',
    maxLength: MAX_IDEA_LENGTH,
    description: `Idea #${n} of the saved search (trimmed when stored)`,
    errorMessage: {
      type: `Idea #${n} must be text.`,
      pattern: `Idea #${n} cannot be empty.`,
      maxLength: `Idea #${n} is too long: keep each idea under ${MAX_IDEA_LENGTH} characters.`,
    },
  })

const terms = { fistKeyWord: term(1), secondKeyWord: term(2), thirdKeyWord: term(3) }
const termsRequired = {
  fistKeyWord: 'Idea #1 cannot be empty.',
  secondKeyWord: 'Idea #2 cannot be empty.',
  thirdKeyWord: 'Idea #3 cannot be empty.',
}

export const CreateSearchHistoryBody = Type.Object(
  { userId: Id, ...terms },
  { errorMessage: { required: termsRequired } },
)
export type CreateSearchHistoryBody = Static<typeof CreateSearchHistoryBody>

/** An edit replaces all three terms (the Saved Search page sends the row as shown). */
export const UpdateSearchHistoryBody = Type.Object(terms, { errorMessage: { required: termsRequired } })
export type UpdateSearchHistoryBody = Static<typeof UpdateSearchHistoryBody>

export const SearchHistoryUserQuery = UserIdQuery
export type SearchHistoryUserQuery = UserIdQuery

export const SearchHistoryIdQuery = IdQuery
export type SearchHistoryIdQuery = IdQuery

export const ClearedSearchHistory = Type.Object({
  deletedCount: Type.Integer({ description: 'how many saved searches were removed' }),
})
export type ClearedSearchHistory = Static<typeof ClearedSearchHistory>
