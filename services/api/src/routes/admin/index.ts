import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import {
  BlockUserBody,
  Envelope,
  HeldTitle,
  HeldTitlesQuery,
  UnblockUserBody,
  User,
} from '@bookstrut/schemas'
import { access } from '@bookstrut/core'
import { ok } from '../../respond.js'
import { depsOf } from '../deps.js'
import { errorResponses, secured } from '../route-docs.js'
import { listHeldTitles, setBlocked } from './admin.service.js'

/** Admin-only account moderation. Not in the spec's client; documented here and in the OpenAPI document. */
export const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = depsOf(app)
  const tags = ['admin']
  // Every route here is for admins only.
  const config = { access: access.admin() }

  app.post(
    '/admin/block/user',
    {
      schema: {
        tags,
        summary: 'Block an account with a note shown to its owner',
        security: secured,
        body: BlockUserBody,
        response: { 200: Envelope(User), ...errorResponses },
      },
      config,
    },
    async (req) => ok('User blocked', await setBlocked(deps, req.body.userId, true, req.body.notes)),
  )

  app.post(
    '/admin/unblock/user',
    {
      schema: {
        tags,
        summary: 'Unblock an account',
        security: secured,
        body: UnblockUserBody,
        response: { 200: Envelope(User), ...errorResponses },
      },
      config,
    },
    async (req) => ok('User unblocked', await setBlocked(deps, req.body.userId, false, '')),
  )

  app.get(
    '/admin/top20/held',
    {
      schema: {
        tags,
        summary: "Titles the Top 20's anomaly guard held out of a ranking, latest first",
        description:
          'For admins: each title held out of a ranking because most of its score came from visitors who are not ' +
          'signed in, or from a burst of events from few addresses (docs/analytics.md), with the figures behind it. ' +
          'At most `limit` (1-100, default 50) rows.',
        security: secured,
        querystring: HeldTitlesQuery,
        response: { 200: Envelope(Type.Array(HeldTitle)), ...errorResponses },
      },
      config,
    },
    async (req) => ok('Held titles fetched', await listHeldTitles(deps, req.query.limit ?? 50)),
  )
}
