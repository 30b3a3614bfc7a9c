import type { AnalyticsEvent } from '@bookstrut/schemas'
import type { AnalyticsStore } from './analytics-store.js'
import { eventRow } from './event-rows.js'

/** Stores a batch of events in one INSERT. Safe to repeat: a repeated event counts once (analytics-schema.ts). */
export async function insertEvents(
  store: AnalyticsStore,
  events: readonly AnalyticsEvent[],
  ingestedAt: Date,
): Promise<void> {
  if (events.length === 0) return
  await store.insertRows(
    'events',
    events.map((e) => eventRow(e, ingestedAt)),
  )
}
