import type { PlanKind } from '@bookstrut/schemas'

/** What decides the Welcome modal (spec reader-and-account section 4, "Welcome modal"). */
export interface WelcomeAudience {
  isLoggedIn: boolean
  isBlocked: boolean
  role: string | null
  /** Where the account stands with its plan (schemas planStanding): only the free plan is welcomed. */
  planKind: PlanKind
  userId: string | null
  /** The stored hasSeenWelcome: the id of the account that dismissed it here. */
  seenBy: string | null
}

/**
 * Shown once to a logged-in, non-blocked author or publisher on the free plan. hasSeenWelcome keeps the id of the
 * account that saw it, so another account signing in on the same browser is still welcomed; the spec's plain
 * 'true' also counts as seen.
 */
export function welcomeDue(a: WelcomeAudience): boolean {
  if (!a.isLoggedIn || a.isBlocked || !a.userId) return false
  if (a.role !== 'author' && a.role !== 'publisher') return false
  // Not by price alone: a paid plan granted for nothing (price 0) is not the free plan.
  if (a.planKind !== 'free') return false
  return a.seenBy !== a.userId && a.seenBy !== 'true'
}
