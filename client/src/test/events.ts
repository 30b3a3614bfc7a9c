import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import { inject, vi } from 'vitest'
import { testRedisUrl } from '@bookstrut/core/testing'

/*
 * The analytics events the test API accepted, read from its real BullMQ `ingest` queue in Redis (the api queues
 * every accepted event there, job id = event id, before its worker stores them in ClickHouse; completed jobs stay
 * an hour). Nothing of ours is stood in for: what a test finds here is what the server took in.
 */

export interface QueuedEvent {
  id: string
  type: string
  /** the queued event as the API wrote it (the contract spells it podcastId) */
  podcastId: string
  episodeId: string | null
  userId: string | null
  anonymousId: string | null
  listening?: { seconds: number; clipSeconds: number }
}

let queue: Queue | undefined
let connection: Redis | undefined

function ingestQueue(): Queue {
  connection ??= new Redis(testRedisUrl, { maxRetriesPerRequest: null })
  queue ??= new Queue('ingest', { connection, prefix: inject('apiRedisPrefix') })
  return queue
}

export async function closeEventQueue(): Promise<void> {
  await queue?.close()
  connection?.disconnect()
  queue = undefined
  connection = undefined
}

/** Every event about the title the server has accepted so far (queued, being stored, or stored). */
export async function queuedEvents(bookId: string): Promise<QueuedEvent[]> {
  const jobs = await ingestQueue().getJobs(['waiting', 'active', 'delayed', 'completed', 'prioritized'])
  return jobs
    .map((job) => job?.data as QueuedEvent | undefined)
    .filter((e): e is QueuedEvent => e?.podcastId === bookId)
}

/** Waits until the title's accepted events satisfy `check` (the client sends them without waiting). */
export async function waitForEvents(
  bookId: string,
  check: (events: QueuedEvent[]) => boolean,
  timeout = 5_000,
): Promise<QueuedEvent[]> {
  let last: QueuedEvent[] = []
  await vi.waitFor(
    async () => {
      last = await queuedEvents(bookId)
      if (!check(last))
        throw new Error(`events of ${bookId} so far: ${JSON.stringify(last.map((e) => e.type))}`)
    },
    { timeout, interval: 100 },
  )
  return last
}

/** Counts by type, e.g. `{ play: 1, listening: 2 }`. */
export const countByType = (events: readonly QueuedEvent[]) =>
  events.reduce<Record<string, number>>(
    (counts, e) => ({ ...counts, [e.type]: (counts[e.type] ?? 0) + 1 }),
    {},
  )
