import type { Queues } from '@bookstrut/core'
import { QueueNames } from '@bookstrut/schemas'

export interface ChangedBook {
  id: string
  /** the listing's updated_at: one job per version, so an edit made while an older job runs is not lost */
  updatedAt: Date
}

/**
 * Tells the downstream indexes that books were created or their text changed: the embed worker recomputes
 * their vectors, and the external keyword index (Meilisearch, when configured) re-reads them. Called after the
 * writing transaction committed; a crash in between is caught by the embed worker's sweep of stale books.
 */
export async function announceBookChanges(
  queues: Queues,
  books: readonly ChangedBook[],
  opts: { surfaceIndex: boolean; requestId?: string },
): Promise<void> {
  const jobs = (prefix: string) =>
    books.map((b) => ({
      data: { podcastId: b.id, ...(opts.requestId ? { requestId: opts.requestId } : {}) },
      jobId: `${prefix}-${b.id}-${b.updatedAt.getTime()}`,
    }))
  await queues.enqueueMany(QueueNames.embed, jobs('embed'))
  if (opts.surfaceIndex) await queues.enqueueMany(QueueNames.surfaceIndex, jobs('surface'))
}
