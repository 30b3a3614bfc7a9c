import { Type, type Static } from '@sinclair/typebox'
import { Id } from './common.js'

/**
 * Analytics events: what a reader did with a title, as the api accepts it from clients (TrackedEvent) and as every
 * producer queues it for the ingest worker and the analytics store (AnalyticsEvent). `id` is the event's identity:
 * the queue's job id and the store's deduplication key, so the same id sent or stored twice counts once.
 */
/**
 * What a browser may report itself. Impressions come from the search routes, reactions and ghosts from their own
 * routes (each checked there), so a client cannot make them up.
 */
export const ClientEventTypes = [
  'play',
  'listening',
  'purchase_click',
  'description_click',
  'profile_click',
  'share',
] as const
export type ClientEventType = (typeof ClientEventTypes)[number]

export const EventTypes = [
  'impression',
  ...ClientEventTypes,
  'like',
  'unlike',
  'favorite',
  'unfavorite',
  'ghost',
  /** a signed-in reader said "this is the book I meant" for one idea of their search (POST /found-it) */
  'found_it',
  /** that confirmation taken back (DELETE /found-it, within its undo window) */
  'found_it_withdrawn',
  /** a visitor opened a page of the site (POST /page-view): the spec's page-view tracker */
  'page_view',
  /**
   * a signed-in reader put the book on a shelf of their library (PUT /library/shelf, or an import of theirs):
   * one event id per reader, book and shelf, so each counts once however often it is shelved (issue 49)
   */
  'shelved_want_to_read',
  'shelved_reading',
  'shelved_read',
] as const
export type EventType = (typeof EventTypes)[number]

/**
 * A visitor's anonymous id. In requests it is accepted (bounded by this pattern) and ignored: the server makes the
 * visitor's identity itself (docs/analytics.md). In stored events it is that server-made id, `<hash>-<slot>`.
 */
export const AnonymousId = Type.String({
  pattern: '^[A-Za-z0-9-]{16,64}$',
  description:
    'accepted for compatibility and ignored: the server makes the identity of a visitor who is not signed in ' +
    'from the address and User-Agent (a daily-salted hash; never an IP address)',
})

// Patterns rather than formats: the workers check payloads with TypeBox's Value, which knows no formats.
export const EventId = Type.String({
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
  description: 'a UUID, unique per event: the idempotency key',
})

/** The longest listening one event may report: a podblurb is at most 300 s; a little slack for clocks. */
export const MAX_LISTENING_SECONDS = 3600

/** One event as a client sends it (POST /events; the /track-* paths make one of these). */
export const TrackedEvent = Type.Object(
  {
    id: Type.Optional(EventId),
    type: Type.Union(ClientEventTypes.map((t) => Type.Literal(t))),
    podcastId: Id,
    episodeId: Type.Optional(Id),
    /** when sent, must be the caller's own account */
    userId: Type.Optional(Id),
    anonymousId: Type.Optional(AnonymousId),
    /** listening: seconds listened since the last report */
    seconds: Type.Optional(Type.Number({ minimum: 0, maximum: MAX_LISTENING_SECONDS })),
  },
  { additionalProperties: false },
)
export type TrackedEvent = Static<typeof TrackedEvent>

/** Most events one POST /events may carry (a browser flushes what it collected, e.g. at page unload). */
export const MAX_EVENTS_PER_BATCH = 100

export const EventBatchBody = Type.Object(
  {
    events: Type.Array(TrackedEvent, { minItems: 1, maxItems: MAX_EVENTS_PER_BATCH }),
    /** applies to every event of the batch that has none of its own */
    anonymousId: Type.Optional(AnonymousId),
  },
  { additionalProperties: false },
)
export type EventBatchBody = Static<typeof EventBatchBody>

/** What an accepted request answers (202): the ids of its events (made by the server when not sent). */
export const AcceptedEvents = Type.Object({
  ids: Type.Array(EventId),
  /** events queued; 0 when dropped unseen (a known bot) */
  accepted: Type.Integer({ minimum: 0 }),
})
export type AcceptedEvents = Static<typeof AcceptedEvents>

/**
 * Which list showed a title (docs/analytics.md, "What a view is"): an idea search, a keyword search, or the home
 * page's Top 20. Only idea searches feed top_search and Idea Hits; every one is a view.
 */
export const SearchMode = Type.Union([Type.Literal('idea'), Type.Literal('keyword'), Type.Literal('top20')])
export type SearchMode = Static<typeof SearchMode>

/** Impressions: the result list a title was shown in, and how it scored there. */
export const ImpressionContext = Type.Object({
  mode: SearchMode,
  /** 1-based position in the whole result list */
  rank: Type.Integer({ minimum: 1 }),
  /** idea mode: the Strut score (0-100) of each of the three ideas, then bonusScore; other modes: empty */
  scores: Type.Array(Type.Number(), { maxItems: 4 }),
  /** the query as typed: the three ideas, or the keyword query alone; empty for the Top 20 */
  query: Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 3 }),
})
export type ImpressionContext = Static<typeof ImpressionContext>

/** Listening: seconds listened, and the clip's length (the cap of what one play can count). */
export const ListeningContext = Type.Object({
  seconds: Type.Number({ minimum: 0, maximum: MAX_LISTENING_SECONDS }),
  clipSeconds: Type.Number({ minimum: 0 }),
})
export type ListeningContext = Static<typeof ListeningContext>

/**
 * A page of the site as page views count it: its path alone (no query, no fragment), one or two segments of
 * address characters, e.g. `/`, `/topics/time-travel`, `/single-book/6756…`. Bounded so a script cannot make
 * unbounded keys: at most 120 characters.
 */
export const ViewedPagePath = Type.String({
  pattern: '^/([A-Za-z0-9_.~-]{1,60}(/[A-Za-z0-9_.~%-]{1,80})?)?$',
  maxLength: 120,
  description: 'the page path without query or fragment, one or two segments, e.g. `/topics/time-travel`',
})

/** POST /page-view: the page the visitor opened. */
export const PageViewBody = Type.Object(
  {
    id: Type.Optional(EventId),
    path: ViewedPagePath,
    /** when sent, must be the caller's own account */
    userId: Type.Optional(Id),
    anonymousId: Type.Optional(AnonymousId),
  },
  { additionalProperties: false },
)
export type PageViewBody = Static<typeof PageViewBody>

/**
 * An event as queued (job id = `id`) and stored: made complete by the server. Exactly one of `userId` and
 * `anonymousId` names who did it; `search` is set on impressions, `listening` on listening events.
 */
export const AnalyticsEvent = Type.Object({
  id: EventId,
  type: Type.Union(EventTypes.map((t) => Type.Literal(t))),
  /** when it happened, as the server saw it (UTC, ISO 8601) */
  ts: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$' }),
  /** the title; empty for a page view, which names its page instead */
  podcastId: Type.Union([Id, Type.Literal('')]),
  /** page views: the page's path */
  page: Type.Optional(ViewedPagePath),
  episodeId: Type.Union([Id, Type.Null()]),
  userId: Type.Union([Id, Type.Null()]),
  anonymousId: Type.Union([AnonymousId, Type.Null()]),
  /**
   * engagement sent by a reader: the day's keyed hash of the sender's network (/24, /48), which the Top 20 caps;
   * absent on events made before issue 45 and on impressions (the reader is then its own place)
   */
  network: Type.Optional(Type.String({ pattern: '^[0-9a-f]{1,64}$' })),
  /** a signed-in sender's weight as a reader at that moment (core accountWeight); absent: 1 */
  weight: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  search: Type.Optional(ImpressionContext),
  listening: Type.Optional(ListeningContext),
})
export type AnalyticsEvent = Static<typeof AnalyticsEvent>

/** The spec's /track-* bodies (section 7): one event about one title, from the caller or an anonymous browser. */
const trackFields = {
  id: Type.Optional(EventId),
  podcastId: Id,
  episodeId: Type.Optional(Id),
  userId: Type.Optional(Id),
  anonymousId: Type.Optional(AnonymousId),
}
export const TrackBody = Type.Object(trackFields, { additionalProperties: false })
export type TrackBody = Static<typeof TrackBody>

export const TrackListeningBody = Type.Object(
  {
    ...trackFields,
    listeningHours: Type.Number({
      minimum: 0,
      maximum: MAX_LISTENING_SECONDS,
      description:
        "seconds listened since the last report (the spec's client sends its musicDuration seconds)",
    }),
  },
  { additionalProperties: false },
)
export type TrackListeningBody = Static<typeof TrackListeningBody>

/** PUT /increment/values: a share (the spec's only counter here). */
export const IncrementValuesQuery = Type.Object({ podcastId: Id, episodeId: Type.Optional(Id) })
export const IncrementValuesBody = Type.Object(
  {
    shares: Type.Literal(1),
    id: Type.Optional(EventId),
    userId: Type.Optional(Id),
    anonymousId: Type.Optional(AnonymousId),
  },
  { additionalProperties: false },
)
export type IncrementValuesBody = Static<typeof IncrementValuesBody>
