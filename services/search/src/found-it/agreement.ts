import { NEW_ACCOUNT_WEIGHT } from '@bookstrut/core'
import { areSimilarIdeas } from '@bookstrut/schemas'

/*
 * When do readers agree (docs/idea-search.md, "Found it")? A confirmed idea becomes a searchable idea of a book only
 * when several independent readers confirmed it — the same idea, or a near-duplicate of it — for that book:
 *
 *   - at least AGREE_READERS readers, each account weighing what core's accountWeight says (1 once a day old at
 *     the time it confirmed, NEW_ACCOUNT_WEIGHT before), and
 *   - from at least AGREE_NETWORKS distinct networks (address /24 or /48, keyed hash) of established accounts,
 *
 * so one account (it confirms a book and idea once) or one address (any number of accounts behind it count as one
 * network) can never make an idea agreed on its own; nor can accounts on two networks (issue 45: three accounts
 * on two /24s made an idea agreed), nor a handful of accounts made today, wherever they are.
 */
export const AGREE_READERS = 3
export const AGREE_NETWORKS = 3

/** How many distinct readers and networks make an idea agreed. */
export interface AgreementRule {
  readers: number
  networks: number
}

/**
 * The product's rule. Only `npm run bench:quality -- --found-it-from train` passes another (a measurement of what
 * one confirmed reader per idea would give, clearly labelled there); the found-it job always uses this one.
 */
export const AGREEMENT: AgreementRule = { readers: AGREE_READERS, networks: AGREE_NETWORKS }

/** An idea as confirmation keys compare it: case, punctuation and spacing ignored (NFKC). */
export function foundIdeaKey(idea: string): string {
  return idea
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .join(' ')
}

export interface Confirmation {
  userId: string
  ideaKey: string
  idea: string
  network: string
  createdAt: Date
  /** the account's weight when it confirmed (core accountWeight) */
  weight: number
}

export interface AgreedIdea {
  /** the group's key: the key of its earliest confirmation */
  ideaKey: string
  /** the wording typed by the most distinct readers of the group (ties: the earliest) */
  idea: string
  /** distinct accounts */
  readers: number
  /** distinct networks of established accounts (weight 1) */
  networks: number
  /** the accounts' weights summed (each account once, at its highest) */
  weightedReaders: number
}

interface Group {
  key: string
  members: Confirmation[]
}

/**
 * Near-duplicates merged: confirmations are taken oldest first, each joins the first group holding an idea it is
 * similar to (the search form's own rule: same words, or more than 70 % of the shorter idea's longer words
 * shared), else starts its own. Deterministic for a given set of rows, so the job is idempotent.
 */
function groupsOf(confirmations: readonly Confirmation[]): Group[] {
  const ordered = [...confirmations].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.ideaKey.localeCompare(b.ideaKey),
  )
  const groups: Group[] = []
  for (const c of ordered) {
    const group = groups.find((g) => g.members.some((m) => areSimilarIdeas(m.ideaKey, c.ideaKey)))
    if (group) group.members.push(c)
    else groups.push({ key: c.ideaKey, members: [c] })
  }
  return groups
}

/** The wording most distinct readers typed (a reader typing one idea twice is still one). */
function wordingOf(members: readonly Confirmation[]): string {
  const readersOf = new Map<string, Set<string>>()
  for (const m of members) {
    const wording = m.idea.trim().replace(/\s+/g, ' ')
    readersOf.set(wording, (readersOf.get(wording) ?? new Set()).add(m.userId))
  }
  let best = ''
  let most = 0
  for (const [wording, readers] of readersOf) if (readers.size > most) [best, most] = [wording, readers.size]
  return best
}

/** Each account once, at its highest weight in the group; rounded so ten new accounts make exactly one. */
function weightedReaders(members: readonly Confirmation[]): number {
  const weights = new Map<string, number>()
  for (const m of members) weights.set(m.userId, Math.max(weights.get(m.userId) ?? 0, m.weight))
  const sum = [...weights.values()].reduce((a, b) => a + b, 0)
  return Math.round(sum * 1000) / 1000
}

/** The ideas readers agree on, given every standing confirmation of one book; most readers first. */
export function agreedIdeas(
  confirmations: readonly Confirmation[],
  rule: AgreementRule = AGREEMENT,
): AgreedIdea[] {
  return groupsOf(confirmations)
    .map((g) => ({
      ideaKey: g.key,
      idea: wordingOf(g.members),
      readers: new Set(g.members.map((m) => m.userId)).size,
      networks: new Set(g.members.filter((m) => m.weight > NEW_ACCOUNT_WEIGHT).map((m) => m.network)).size,
      weightedReaders: weightedReaders(g.members),
    }))
    .filter((a) => a.weightedReaders >= rule.readers && a.networks >= rule.networks)
    .sort((a, b) => b.readers - a.readers || a.ideaKey.localeCompare(b.ideaKey))
}
