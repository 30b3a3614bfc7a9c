import { nameBasedUuid, type Queues } from '@bookstrut/core'
import { QueueNames, type AnalyticsEvent, type Shelf } from '@bookstrut/schemas'

const EVENT_OF_SHELF = {
  want_to_read: 'shelved_want_to_read',
  reading: 'shelved_reading',
  read: 'shelved_read',
} as const satisfies Record<Shelf, AnalyticsEvent['type']>

/**
 * The id of "this reader put this book on this shelf": one per reader, book and shelf, whenever and however often it
 * happens (moving a book back and forth, an import and its undo, a retried request), so the analytics count each
 * reader once per book and shelf (the queue's job id and the store's key are the event id).
 */
export const shelfEventId = (shelf: Shelf, userId: string, bookId: string) =>
  nameBasedUuid(`bookstrut:shelf:${shelf}:${userId}:${bookId}`)

export const shelfEventOf = (
  e: { userId: string; bookId: string; shelf: Shelf },
  at: Date,
): AnalyticsEvent => ({
  id: shelfEventId(e.shelf, e.userId, e.bookId),
  type: EVENT_OF_SHELF[e.shelf],
  ts: at.toISOString(),
  podcastId: e.bookId,
  episodeId: null,
  userId: e.userId,
  anonymousId: null,
})

/** Queues shelving events for the ingest worker, as every producer does (job id = event id). */
export async function queueShelfEvents(queues: Queues, events: readonly AnalyticsEvent[]): Promise<void> {
  await queues.enqueueMany(
    QueueNames.ingest,
    events.map((e) => ({ data: e, jobId: e.id })),
  )
}
