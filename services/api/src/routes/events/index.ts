import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import {
  AcceptedEvents,
  Envelope,
  ErrorEnvelope,
  EventBatchBody,
  IncrementValuesBody,
  IncrementValuesQuery,
  PageViewBody,
  TrackBody,
  TrackListeningBody,
  type ClientEventType,
  type TrackedEvent,
} from '@bookstrut/schemas'
import { access, inBody, inEachOf, notBlockedRule, ownEventsRule, type FieldRef } from '@bookstrut/core'
import { ok } from '../../respond.js'
import { anonymousIdOf, networkOfRequest } from '../../plugins/app/anonymous-id.js'
import { depsOf } from '../deps.js'
import { declarer } from '../route-docs.js'
import { acceptEvents, acceptPageView, type EventSender } from '@bookstrut/analytics'
import { createEventLimits, EVENTS_RATE_LIMIT_NOTE } from './events-rate-limit.js'

const ACCEPTED = 'Event accepted'

const SENDER =
  "Signed in: the events are the account's, and a `userId` sent must be the caller's own (403 otherwise); a blocked " +
  "account gets 403 BLOCKED. Not signed in: the server makes the visitor's anonymous identity from the address " +
  'and User-Agent under a salt that changes daily (at most 4 anonymous readers per address a day; docs/analytics.md); ' +
  '`anonymousId` (body) and `X-Anonymous-Id` are still accepted and ignored, and no address is stored. '
const TITLE_RULE =
  'The title (and episode, when given) must exist and be visible to the caller: an unknown, pending, rejected, ' +
  'deactivated or ghosted title answers the same 404. '
const QUEUED =
  'Answers 202 once the events are queued; they are counted within ' +
  'seconds. Events from known bots (by User-Agent) are answered the same and dropped. While the queue cannot take ' +
  'events (Redis restarting) the answer is 503 QUEUE_UNAVAILABLE with Retry-After and nothing is queued: send the ' +
  'same events again, with the same ids, to have each counted once. '
const WHO = SENDER + TITLE_RULE + QUEUED

const senderOf = (req: FastifyRequest): EventSender => ({
  user: req.auth?.user ?? null,
  visitorId: () => anonymousIdOf(req),
  network: () => networkOfRequest(req),
  ip: req.ip,
  userAgent: req.headers['user-agent'],
})

/**
 * Event tracking: a batch endpoint (POST /events) and the spec's single-event paths (/track-*, PUT /increment/values),
 * which make one event each. Everything goes to the ingest queue and on to the analytics store.
 */
export const eventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { ...depsOf(app), eventLimits: createEventLimits(app.redis, app.config) }
  const declare = declarer(['events'])
  // 503 QUEUE_UNAVAILABLE (with Retry-After) while Redis cannot take events: send them again, same ids.
  const response = { 202: Envelope(AcceptedEvents), 503: ErrorEnvelope }
  // Anybody may report events, only as themselves (WHO); blocked accounts may not.
  const reportedAsSelf = (ref: FieldRef) => access.public(ownEventsRule(ref), notBlockedRule)

  app.post(
    '/events',
    declare({
      summary: 'Report up to 100 events at once (plays, listening, clicks, shares)',
      description: WHO + 'All or nothing: one bad event refuses the whole batch. ' + EVENTS_RATE_LIMIT_NOTE,
      request: { body: EventBatchBody },
      response,
      access: reportedAsSelf(inEachOf('events', 'userId')),
    }),
    async (req, reply) => {
      const accepted = await acceptEvents(deps, senderOf(req), req.body.events)
      return reply.code(202).send(ok(ACCEPTED, accepted))
    },
  )

  const single = (path: string, type: Exclude<ClientEventType, 'listening' | 'share'>, summary: string) =>
    app.post(
      path,
      declare({
        summary,
        description: WHO + EVENTS_RATE_LIMIT_NOTE,
        request: { body: TrackBody },
        response,
        access: reportedAsSelf(inBody('userId')),
      }),
      async (req, reply) => {
        const accepted = await acceptEvents(deps, senderOf(req), [{ ...req.body, type }])
        return reply.code(202).send(ok(ACCEPTED, accepted))
      },
    )
  single(
    '/track-audio-play',
    'play',
    'Report a play (the client reports one at 60 s listened, or at the end)',
  )
  single('/track-purchase-click', 'purchase_click', 'Report a Get This (purchase link) click')
  single('/track-description-click', 'description_click', 'Report a description click')
  single('/track-profile-click', 'profile_click', "Report a visit to the title's author profile")

  app.post(
    '/track-listening',
    declare({
      summary: 'Report seconds listened to a podblurb',
      description:
        WHO +
        "`listeningHours` is the seconds listened since the last report, despite its name (the spec's client sends " +
        "its musicDuration seconds); it is capped by the clip's length. " +
        EVENTS_RATE_LIMIT_NOTE,
      request: { body: TrackListeningBody },
      response,
      access: reportedAsSelf(inBody('userId')),
    }),
    async (req, reply) => {
      const { listeningHours, ...rest } = req.body
      const event: TrackedEvent = { ...rest, type: 'listening', seconds: listeningHours }
      return reply.code(202).send(ok(ACCEPTED, await acceptEvents(deps, senderOf(req), [event])))
    },
  )

  app.post(
    '/page-view',
    declare({
      summary: "Report a page view (the spec's page-view tracker): the path of the page opened",
      description:
        SENDER +
        QUEUED +
        'Counted once per visitor, page and half hour; the admin Top 20 screen and the topic pages show the ' +
        'views of the last 7 and 30 days. ' +
        EVENTS_RATE_LIMIT_NOTE,
      request: { body: PageViewBody },
      response,
      access: reportedAsSelf(inBody('userId')),
    }),
    async (req, reply) =>
      reply.code(202).send(ok(ACCEPTED, await acceptPageView(deps, senderOf(req), req.body))),
  )

  app.put(
    '/increment/values',
    declare({
      summary: 'Report a share (device share or the copied link)',
      description: WHO + EVENTS_RATE_LIMIT_NOTE,
      request: { querystring: IncrementValuesQuery, body: IncrementValuesBody },
      response,
      access: reportedAsSelf(inBody('userId')),
    }),
    async (req, reply) => {
      const { shares: _shares, ...who } = req.body
      const event: TrackedEvent = { ...who, ...req.query, type: 'share' }
      return reply.code(202).send(ok(ACCEPTED, await acceptEvents(deps, senderOf(req), [event])))
    },
  )
}
