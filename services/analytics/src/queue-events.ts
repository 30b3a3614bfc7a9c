import type { Queues } from '@bookstrut/core'
import { QueueNames, type AnalyticsEvent } from '@bookstrut/schemas'

/**
 * Puts events on the ingest queue in one round trip, each as a job whose id is the event id: the same event queued
 * again while its job is kept (an hour after completion) is not queued twice.
 */
export async function queueEvents(queues: Queues, events: readonly AnalyticsEvent[]): Promise<void> {
  await queues.enqueueMany(
    QueueNames.ingest,
    events.map((e) => ({ data: e, jobId: e.id })),
  )
}
