import type { EngagementScore } from './queries/engagement-ranking.js'

/*
 * The Top 20's anomaly guard (docs/analytics.md, "Anomaly guard"). A book is held out of a ranking, and recorded
 * for admins, when its score comes mostly from visitors who are not signed in — every visitor is new each day, as
 * their identity's salt changes daily — or from a few addresses in a short burst:
 * - anonymous_majority: at least ANONYMOUS_MAJORITY_SHARE of its score from visitors, and at least
 *   GUARD_MIN_VISITORS of them (a book a couple of visitors liked is not suspicious, merely small);
 * - address_burst: a burst (queries/address-bursts.ts: an hour with at least 50 visitor events, 80 % of them from at
 *   most 3 addresses) and at least BURST_HOLD_SHARE of its score from visitors.
 * Signed-in readers' points are never discounted, so a flood on a competitor's book cannot hold it out once its
 * signed-in readers earn it more than the flooding addresses do (each at most ADDRESS_DAY_CAP a day).
 */
export const ANONYMOUS_MAJORITY_SHARE = 2 / 3
export const GUARD_MIN_VISITORS = 8
export const BURST_HOLD_SHARE = 0.5

export type HoldReason = 'anonymous_majority' | 'address_burst'

export interface HeldEntry {
  entry: EngagementScore
  reason: HoldReason
  details: Record<string, number>
}

/** Why the book is held out of the ranking, or null when it may rank. `burstEvents`: its largest burst, if any. */
export function holdReason(entry: EngagementScore, burstEvents: number | undefined): HeldEntry | null {
  const share = entry.score > 0 ? entry.anonymousScore / entry.score : 0
  const details = {
    anonymousShare: Math.round(share * 1000) / 1000,
    anonymousReaders: entry.anonymousReaders,
    ...(burstEvents !== undefined ? { burstEvents } : {}),
  }
  if (share >= ANONYMOUS_MAJORITY_SHARE && entry.anonymousReaders >= GUARD_MIN_VISITORS)
    return { entry, reason: 'anonymous_majority', details }
  if (burstEvents !== undefined && share >= BURST_HOLD_SHARE)
    return { entry, reason: 'address_burst', details }
  return null
}
