import type { StrutScores } from '@bookstrut/schemas'

const finite = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) ? n : 0)

/** Scores are shown with 2 decimals (spec section 9). */
export const formatScore = (score: number): string => finite(score).toFixed(2)

/** A bar's fill for a 0-100 score, clamped. */
export const scoreWidth = (score: number): string => `${Math.min(100, Math.max(0, finite(score)))}%`

/** The most a total can be: three ideas at 100 and a bonus of half the weakest (50). */
export const MAX_TOTAL = 350

/**
 * The total explained with its own figures, where it is shown: "119.05 = 36.20 + 40.10 + 33.34 (your three
 * ideas, 0–100 each) + 9.41 bonus (half the weakest idea's score, so books that cover all three rank first). At
 * most 350."
 */
export function explainTotal(strut: StrutScores): string {
  const parts = strut.ideas.map((score) => formatScore(score)).join(' + ')
  return (
    `${formatScore(strut.total)} = ${parts} (your three ideas, 0–100 each) + ${formatScore(strut.bonus)} bonus ` +
    `(half the weakest idea’s score, so books that cover all three rank first). At most ${MAX_TOTAL}.`
  )
}
