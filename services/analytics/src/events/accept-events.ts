import type { UserRow } from '@bookstrut/accounts'
import { randomUUID } from 'node:crypto'
import { trackedBooksRepo } from '@bookstrut/catalogue'
import { AppError, accountWeight, badRequest, notFound } from '@bookstrut/core'
import type { AcceptedEvents, AnalyticsEvent, TrackedEvent } from '@bookstrut/schemas'
import type { AnalyticsDeps } from '../deps.js'
import { queueEvents } from '../queue-events.js'
import { isBotAgent } from './bot-agents.js'

/**
 * Tracked events a minute, per account when signed in, else per IP address; a batch costs one point per event.
 * The api counts them in Redis (services/api/src/routes/events/events-rate-limit.ts).
 */
export interface EventLimits {
  consume(caller: { userId: string } | { ip: string }, events: number): Promise<void>
}

export interface EventsDeps extends AnalyticsDeps {
  eventLimits: EventLimits
}

/** Who is sending: the signed-in account (if any), else the visitor the server makes of the request's address and agent. */
export interface EventSender {
  user: UserRow | null
  /** The server-issued visitor id (plugins/app/anonymous-id.ts; reads the day's salt from Redis once a day); a
   * client-sent anonymous id is never used. */
  visitorId: () => Promise<string>
  /** The day's keyed hash of the sender's network (anonymous-id.ts networkOf: the same salt, no round trip once
   * the day's salt is held), which the Top 20 caps for accounts and visitors alike. */
  network: () => Promise<string>
  ip: string
  userAgent: string | undefined
}

/** How long a caller is asked to wait before sending events again while the queue (Redis) cannot take them. */
export const QUEUE_RETRY_AFTER_SECONDS = 5

/**
 * Redis cannot be reached (restarting, failing over): the events are not taken, nothing of them is queued, and the
 * caller is told so (503 with Retry-After) and sends them again. Not buffered in the api: a buffer dies with its
 * process. Sent again with the same event ids, an event that did reach the queue after all counts once.
 */
export async function throughQueue<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (err) {
    if (err instanceof AppError) throw err
    throw new AppError(
      503,
      'QUEUE_UNAVAILABLE',
      `Events cannot be taken right now. Please send them again in ${QUEUE_RETRY_AFTER_SECONDS} seconds.`,
      { retryAfter: QUEUE_RETRY_AFTER_SECONDS },
    )
  }
}

/**
 * Accepts tracked events of a sender the route's access policy let through: checks that their titles exist and the
 * caller can see them (404 'Podcast not found' alike for an unknown, pending, rejected, deactivated, blocked or ghosted title: no oracle), applies the
 * per-client limit, and queues them for the ingest worker (job id = event id). Answers once they are queued, before
 * anything is stored. All or nothing: one bad event refuses the request and nothing of it is queued.
 */
export async function acceptEvents(
  deps: EventsDeps,
  sender: EventSender,
  tracked: readonly TrackedEvent[],
): Promise<AcceptedEvents> {
  // The route's access policy has checked the sender: any userId sent is theirs, and they are not blocked.
  const user = sender.user
  const userId = user?.id ?? null
  for (const e of tracked)
    if (e.type === 'listening' && e.seconds === undefined)
      throw badRequest('seconds: listening events need seconds')

  // Counted before any SQL: a flood costs one Redis call per request.
  await throughQueue(() => deps.eventLimits.consume(userId ? { userId } : { ip: sender.ip }, tracked.length))
  const titles = await trackedBooksRepo.findTrackedBooks(
    deps.db,
    tracked.map((e) => e.podcastId),
    user,
  )
  const now = deps.clock.now()
  // A client's anonymousId (body or header) is accepted by the schema and ignored: identities are the server's.
  const anonymousId = userId ? null : await throughQueue(sender.visitorId)
  // Where it came from and what the account weighs now: the Top 20's caps (docs/analytics.md, "The Top 20").
  const who: Who = {
    ts: now.toISOString(),
    userId,
    anonymousId,
    network: await throughQueue(sender.network),
    ...(user ? { weight: accountWeight(user.created_at, now) } : {}),
  }
  const events = tracked.map((e) => toEvent(e, titles.get(e.podcastId), who))
  const ids = events.map((e) => e.id)
  if (isBotAgent(sender.userAgent)) return { ids, accepted: 0 }
  await throughQueue(() => queueEvents(deps.queues, events))
  return { ids, accepted: events.length }
}

type Who = Pick<AnalyticsEvent, 'ts' | 'userId' | 'anonymousId' | 'network' | 'weight'>

/** The stored event of a tracked one: its title checked, listening capped by the clip's length. */
function toEvent(e: TrackedEvent, title: trackedBooksRepo.TrackedBook | undefined, who: Who): AnalyticsEvent {
  if (!title) throw notFound('Podcast not found')
  if (e.episodeId !== undefined && !title.episodes.has(e.episodeId))
    throw notFound('Episode not found for this podcast')
  const episodeId = e.episodeId ?? title.firstEpisodeId
  const event: AnalyticsEvent = {
    id: (e.id ?? randomUUID()).toLowerCase(),
    type: e.type,
    podcastId: e.podcastId,
    episodeId,
    ...who,
  }
  if (e.type !== 'listening') return event
  const clipSeconds = episodeId ? (title.episodes.get(episodeId) ?? 0) : 0
  return { ...event, listening: { seconds: Math.min(e.seconds ?? 0, clipSeconds), clipSeconds } }
}
