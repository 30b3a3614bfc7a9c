import type { AnalyticsEvent } from '@bookstrut/schemas'
import { clickhouseDateTime } from './sql-literals.js'

/**
 * Who did it, as one key for the counting rules: the account when signed in, else the browser's anonymous id.
 * Prefixed so an anonymous id can never equal an account id.
 */
export const actorOf = (e: Pick<AnalyticsEvent, 'userId' | 'anonymousId'>) =>
  e.userId ? `u:${e.userId}` : `a:${e.anonymousId ?? ''}`

/** One `events` row (JSONEachRow) of an event; absent context is empty, not NULL (18.16 has Nullable, but the
 * empty value keeps every query free of NULL handling). */
export function eventRow(e: AnalyticsEvent, ingestedAt: Date): Record<string, unknown> {
  return {
    id: e.id.toLowerCase(),
    type: e.type,
    ts: clickhouseDateTime(new Date(e.ts)),
    // The row's subject: the book, or for a page view its page's path (paths start with '/', ids never do), so
    // the hourly aggregates count page views per page as they count events per book.
    podcast_id: e.page ?? e.podcastId,
    episode_id: e.episodeId ?? '',
    user_id: e.userId ?? '',
    anonymous_id: e.anonymousId ?? '',
    actor: actorOf(e),
    network: e.network ?? '',
    weight: e.weight ?? 1,
    search_mode: e.search?.mode ?? '',
    search_rank: e.search?.rank ?? 0,
    search_scores: e.search?.scores ?? [],
    search_query: e.search?.query ?? [],
    seconds: e.listening?.seconds ?? 0,
    clip_seconds: e.listening?.clipSeconds ?? 0,
    ingested_at: clickhouseDateTime(ingestedAt),
  }
}
