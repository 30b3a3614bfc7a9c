import { randomUUID } from 'node:crypto'
import type { AnalyticsEvent, ImpressionContext, Podcast } from '@bookstrut/schemas'

/** Who searched: a signed-in reader, else the visitor id the server made of the request (never an address). */
export interface Searcher {
  userId: string | null
  anonymousId: string | undefined
}

/**
 * One impression event per title listed on a page of either search mode, at `ts`; `context` gives each title's
 * search context (mode, rank in the whole list, the scores the reader saw, the query).
 */
export function impressionEvents<P extends Pick<Podcast, '_id' | 'episodes'>>(
  shown: P[],
  who: Searcher,
  ts: string,
  context: (podcast: P, index: number) => ImpressionContext,
): AnalyticsEvent[] {
  return shown.map((p, i) => ({
    id: randomUUID(),
    type: 'impression',
    ts,
    podcastId: p._id,
    episodeId: p.episodes[0]?._id ?? null,
    userId: who.userId,
    anonymousId: who.userId ? null : (who.anonymousId ?? null),
    search: context(p, i),
  }))
}
