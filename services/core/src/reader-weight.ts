/*
 * How much one account counts where readers are counted (docs/analytics.md, "Who is a reader"): topics, "found
 * it" agreement and the Top 20. Sign-ups cost an attacker minutes (one mailbox is one account, but mailboxes are
 * cheap), so an account counts in full only once it is ESTABLISHED_AFTER_MS old at the time of what it did; before
 * that it counts NEW_ACCOUNT_WEIGHT of a reader. Ten accounts made this morning are one reader today, and a
 * genuine reader's first day is not lost, only discounted.
 */
export const ESTABLISHED_AFTER_MS = 86_400_000
export const NEW_ACCOUNT_WEIGHT = 0.1

/** The weight of an account made at `createdAt` for what it did at `at`. */
export const accountWeight = (createdAt: Date, at: Date): number =>
  at.getTime() - createdAt.getTime() >= ESTABLISHED_AFTER_MS ? 1 : NEW_ACCOUNT_WEIGHT
