import { Type, type Static } from '@sinclair/typebox'
import { Id, UserListQuery } from './common.js'

/**
 * Likes and favourites (spec reader-and-account section 7), with the spec's own spelling of the fields: `userid`
 * (must be the caller's own account), `podcastid`, and optionally `episodeId` (the title's first podblurb when
 * left out). Strict: anything else in the body is a 400.
 */
export const ReactionBody = Type.Object(
  { userid: Id, podcastid: Id, episodeId: Type.Optional(Id) },
  { additionalProperties: false },
)
export type ReactionBody = Static<typeof ReactionBody>

/** DELETE /remove/like and /remove/favorite: the same fields, in the query string. */
export const ReactionQuery = Type.Object({ userid: Id, podcastid: Id, episodeId: Type.Optional(Id) })
export type ReactionQuery = Static<typeof ReactionQuery>

/** GET /get/user/favorite: a reader's favourites, ten a page unless asked otherwise. */
export const FavoriteListQuery = UserListQuery
export type FavoriteListQuery = Static<typeof FavoriteListQuery>
