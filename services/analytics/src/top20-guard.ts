import type { EngagementScore } from './queries/engagement-ranking.js'

/*
 * The Top 20's anomaly guard (docs/analytics.md, "Anomaly guard"). A book's visitors' share of its score is
 * discounted (the book ranks on what its signed-in readers earn it), and the discount recorded for admins, when its
 * score comes mostly from visitors who are not signed in — every visitor is new each day, as their identity's salt
 * changes daily — or from a few addresses in a short burst:
 * - anonymous_majority: at least ANONYMOUS_MAJORITY_SHARE of its score from visitors, and at least
 *   GUARD_MIN_VISITORS of them (a book a couple of visitors liked is not suspicious, merely small);
 * - address_burst: a burst (queries/address-bursts.ts: an hour with at least 50 visitor events, 80 % of them from at
 *   most 3 addresses) and at least BURST_HOLD_SHARE of its score from visitors.
 * The book is discounted, never removed (issue 45: 60 anonymous plays from 31 addresses held the real #1, with 35
 * signed-in readers, out of the list): a flood aimed at a competitor takes away only what the flood itself added,
 * and the competitor keeps the score its signed-in readers earn it (already capped per network and weighed by
 * account age, engagement-ranking.ts). A book read only by visitors is left with nothing to rank on.
 */
export const ANONYMOUS_MAJORITY_SHARE = 2 / 3
export const GUARD_MIN_VISITORS = 8
export const BURST_HOLD_SHARE = 0.5

export type HoldReason = 'anonymous_majority' | 'address_burst'

export interface HeldEntry {
  /** the book's engagement as counted, before the discount */
  entry: EngagementScore
  reason: HoldReason
  /** the figures behind it, `discounted` (the score taken away) and `countedScore` (what it ranks on) included */
  details: Record<string, number>
  /** what the book ranks on: its score less its visitors' share; 0 leaves it out */
  countedScore: number
}

const round3 = (n: number) => Math.round(n * 1000) / 1000

/**
 * Why and how much of the book's score the guard discounts, or null when it ranks on all of it. `burstEvents`: its
 * largest burst, if any.
 */
export function guardDiscount(entry: EngagementScore, burstEvents: number | undefined): HeldEntry | null {
  const share = entry.score > 0 ? entry.anonymousScore / entry.score : 0
  const reason: HoldReason | null =
    share >= ANONYMOUS_MAJORITY_SHARE && entry.anonymousReaders >= GUARD_MIN_VISITORS
      ? 'anonymous_majority'
      : burstEvents !== undefined && share >= BURST_HOLD_SHARE
        ? 'address_burst'
        : null
  if (!reason) return null
  const countedScore = round3(Math.max(0, entry.score - entry.anonymousScore))
  const details = {
    anonymousShare: round3(share),
    anonymousReaders: entry.anonymousReaders,
    ...(burstEvents !== undefined ? { burstEvents } : {}),
    discounted: round3(entry.score - countedScore),
    countedScore,
  }
  return { entry, reason, details, countedScore }
}
