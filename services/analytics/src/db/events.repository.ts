import type { DbOrTx } from '@bookstrut/core'
import type { AnalyticsEvent } from '@bookstrut/schemas'

/**
 * Analytics events wait in this outbox until the analytics pipeline takes them (a later issue moves them to
 * ClickHouse). The event id is the key: an event stored twice is stored once.
 */
export async function storeEvents(db: DbOrTx, events: readonly AnalyticsEvent[]): Promise<void> {
  if (events.length === 0) return
  await db
    .insertInto('event_outbox')
    .values(
      events.map((e) => ({
        id: e.id,
        type: e.type,
        podcast_id: e.podcastId,
        payload: JSON.stringify(e),
        created_at: new Date(e.ts),
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
}
