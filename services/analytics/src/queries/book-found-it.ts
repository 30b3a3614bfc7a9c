import type { AnalyticsStore } from '../analytics-store.js'
import { bookEventCounts } from './book-event-counts.js'

/**
 * A book's standing "found it" confirmations ((reader, idea) pairs), all time: each confirmation row queues one
 * `found_it` event and, if taken back, one `found_it_withdrawn` event, both with ids made of the row, so distinct
 * ids count each once however often a request or a batch was retried, and the difference is what stands.
 */
export async function bookFoundItConfirmations(
  store: AnalyticsStore,
  bookId: string,
  now: Date,
): Promise<number> {
  const counts = await bookEventCounts(
    store,
    bookId,
    { from: new Date(0), to: new Date(now.getTime() + 3_600_000) },
    'total',
  )
  const of = (type: string) => counts.filter((c) => c.type === type).reduce((n, c) => n + c.count, 0)
  return Math.max(0, of('found_it') - of('found_it_withdrawn'))
}
