/**
 * The spec's duplicate-idea rule (shared: the client checks before sending, the server decides) (reader-and-account section 5): two ideas are duplicates when they are the
 * same text (trimmed, case-insensitive) or when more than 70 % of their words longer than 2 characters overlap.
 * Overlap is measured against the shorter idea's word set, so "a dragon on a ship" inside a longer idea counts.
 */
export const DUPLICATE_THRESHOLD = 0.7

const significantWords = (idea: string) =>
  new Set(
    idea
      .toLowerCase()
      .split(/[^\p{L}\p{N}']+/u)
      .filter((w) => w.length > 2),
  )

export function areSimilarIdeas(a: string, b: string): boolean {
  if (a.trim().toLowerCase() === b.trim().toLowerCase()) return true
  const wa = significantWords(a)
  const wb = significantWords(b)
  const smaller = Math.min(wa.size, wb.size)
  if (smaller === 0) return false
  let shared = 0
  for (const w of wa) if (wb.has(w)) shared++
  return shared / smaller > DUPLICATE_THRESHOLD
}

/** True when any two of the ideas are duplicates or similar. */
export function hasDuplicateIdeas(ideas: readonly string[]): boolean {
  return ideas.some((a, i) => ideas.slice(i + 1).some((b) => areSimilarIdeas(a, b)))
}
