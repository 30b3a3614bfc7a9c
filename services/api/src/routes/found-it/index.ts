import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { access } from '@bookstrut/core'
import { Envelope, ErrorEnvelope, FoundItAnswer, FoundItBody, FoundItQuery } from '@bookstrut/schemas'
import {
  AGREE_NETWORKS,
  AGREE_READERS,
  SERVED_SEARCH_TTL_SECONDS,
  UNDO_SECONDS,
  confirmFoundIt,
  withdrawFoundIt,
} from '@bookstrut/search'
import { ok } from '../../respond.js'
import { requireAuth } from '../../plugins/app/auth.js'
import { depsOf } from '../deps.js'
import { declarer } from '../route-docs.js'

const RULES =
  'Signed-in readers only (401 without a session, 403 BLOCKED for a blocked account). The ideas are never sent: ' +
  'the server takes them from the idea search it served the caller (`searchId` of GET /search/podcast, known ' +
  `for ${SERVED_SEARCH_TTL_SECONDS / 60} minutes after its page 1); another reader's searchId is 403, an unknown ` +
  'or expired one 404, a book that search did not list 404. Rate-limited per address (foundItPerIp: 60 an hour) ' +
  'and per account (foundItPerAccount: 30 an hour), confirming and taking back together; past either 429. ' +
  'Unknown body fields are 400.'

/**
 * "Found it" (issue 34): a reader says which result was the book they meant. Each idea of the search becomes one
 * confirmation of that book (once per reader, book and idea), queued as a `found_it` event, and the book's
 * agreement is weighed again by the found-it worker (docs/idea-search.md, "Found it").
 */
export const foundItRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { ...depsOf(app), redis: app.redis }
  const declare = declarer(['search'])

  app.post(
    '/found-it',
    declare({
      summary: '"This is the book I meant": confirm a result of your idea search; twice is once',
      description:
        `${RULES}\n\n` +
        `Each idea of the search is confirmed for the book once per reader. An idea becomes a searchable idea of ` +
        `the book only when at least ${AGREE_READERS} readers from at least ${AGREE_NETWORKS} networks (IPv4 /24, ` +
        'IPv6 /48) confirmed it or a near-duplicate of it; nothing a reader typed is shown to anybody before that. ' +
        `Can be taken back with DELETE for ${UNDO_SECONDS / 60} minutes (\`undoUntil\`). 422 when the ` +
        'search had no words (ideas of punctuation alone).',
      request: { body: FoundItBody },
      response: { 200: Envelope(FoundItAnswer), 422: ErrorEnvelope },
      access: access.signedInWrite(),
    }),
    async (req) => {
      const answer = await confirmFoundIt(deps, requireAuth(req).user, req.ip, req.body)
      return ok('Thank you: noted as the book you meant', answer)
    },
  )

  app.delete(
    '/found-it',
    declare({
      summary: 'Take back "this is the book I meant", within its undo window',
      description:
        `${RULES}\n\n` +
        `Within ${UNDO_SECONDS / 60} minutes of the confirmation; later 409 (it stands). Taking back one that ` +
        'is not there changes nothing (200).',
      request: { querystring: FoundItQuery },
      response: { 200: Envelope(FoundItAnswer) },
      access: access.signedInWrite(),
    }),
    async (req) => {
      const answer = await withdrawFoundIt(deps, requireAuth(req).user, req.ip, req.query)
      return ok('Taken back', answer)
    },
  )
}
