import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { access, inBody, inQuery } from '@bookstrut/core'
import { Envelope, FavoriteListQuery, PagedPodcasts, ReactionBody, ReactionQuery } from '@bookstrut/schemas'
import { ok, paged } from '../../respond.js'
import { requireAuth } from '../../plugins/app/auth.js'
import { networkOfRequest } from '../../plugins/app/anonymous-id.js'
import { depsOf } from '../deps.js'
import { declarer } from '../route-docs.js'
import { addReaction, listFavorites, removeReaction } from '@bookstrut/analytics'

const RATE_NOTE =
  'Signed-in readers only; `userid` must be the caller (403 otherwise), blocked accounts get 403 BLOCKED. ' +
  'Rate-limited per account (reactionsPerAccount: 120 a minute, add and remove together); past it 429.'

/** Likes and favourites (spec section 7): idempotent per reader and title, each change queued as one event. */
export const reactionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = depsOf(app)
  const declare = declarer(['reactions'])

  for (const kind of ['like', 'favorite'] as const) {
    const noun = kind === 'like' ? 'Like' : 'Favourite'
    app.post(
      `/add/${kind}`,
      declare({
        summary: `${noun} a title; twice is once`,
        description: RATE_NOTE,
        request: { body: ReactionBody },
        response: { 200: Envelope(Type.Null()) },
        access: access.ownAccountWrite(inBody('userid')),
      }),
      async (req) => {
        await addReaction(deps, requireAuth(req).user, kind, req.body, await networkOfRequest(req))
        return ok(kind === 'like' ? 'Liked successfully' : 'Added to favorites successfully', null)
      },
    )

    app.delete(
      `/remove/${kind}`,
      declare({
        summary: `Take back a ${noun.toLowerCase()}; taking back one that is not there changes nothing`,
        description: RATE_NOTE,
        request: { querystring: ReactionQuery },
        response: { 200: Envelope(Type.Null()) },
        access: access.ownAccountWrite(inQuery('userid')),
      }),
      async (req) => {
        await removeReaction(deps, requireAuth(req).user, kind, req.query)
        return ok(kind === 'like' ? 'Unliked successfully' : 'Removed from favorites successfully', null)
      },
    )
  }

  app.get(
    '/get/user/favorite',
    declare({
      summary: "A reader's favourite titles, latest first (the reader or an admin)",
      request: { querystring: FavoriteListQuery },
      response: { 200: PagedPodcasts },
      access: access.ownAccount(inQuery('userId')),
    }),
    async (req) => {
      return paged('Favorites fetched successfully', await listFavorites(deps, req.query))
    },
  )
}
