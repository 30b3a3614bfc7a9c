import { Type, type Static } from '@sinclair/typebox'
import { Id } from './common.js'

/**
 * The analytics event every producer emits and the ingest pipeline stores (ClickHouse, later). `id` is the
 * event's identity: storing the same id twice counts once.
 */
export const EventTypes = [
  'impression',
  'play',
  'listen',
  'click',
  'description_click',
  'profile_click',
  'purchase_click',
  'share',
  'like',
  'favorite',
  'ghost',
] as const
export type EventType = (typeof EventTypes)[number]

export const AnalyticsEvent = Type.Object({
  id: Type.String({ format: 'uuid', description: 'unique per event: the idempotency key' }),
  type: Type.Union(EventTypes.map((t) => Type.Literal(t))),
  ts: Type.String({ format: 'date-time' }),
  podcastId: Id,
  episodeId: Type.Optional(Type.Union([Id, Type.Null()])),
  userId: Type.Optional(Type.Union([Id, Type.Null()])),
  /** impressions: 1-based rank of the title in the result list it was shown in */
  position: Type.Optional(Type.Integer({ minimum: 1 })),
  /** impressions: which search listed the title */
  source: Type.Optional(Type.Union([Type.Literal('idea_search'), Type.Literal('surface_search')])),
  /** impressions: the identity of the query (a hash of its normalised ideas), to group a result list */
  queryKey: Type.Optional(Type.String({ maxLength: 64 })),
  /** listen: hours listened */
  value: Type.Optional(Type.Number({ minimum: 0 })),
})
export type AnalyticsEvent = Static<typeof AnalyticsEvent>
