/** One idea's Strut score: the idea's text (its label) and 0-100. */
export interface IdeaScore {
  label: string
  score: number
}

/** A result's Strut scores, ready to show: the three ideas in search order, the bonus and the total. */
export interface StrutScores {
  ideas: readonly [IdeaScore, IdeaScore, IdeaScore]
  bonus: number
  total: number
}

export const BONUS_KEY = 'bonusScore'

const finite = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) ? n : 0)

/**
 * Reads the API's `ideaScore` (`[{"<idea 1>": s1}, {"<idea 2>": s2}, {"<idea 3>": s3}, {"bonusScore": b}]`)
 * and `hellaScore`. The ideas are read by POSITION 0..2 (an idea's text could be anything, even "bonusScore");
 * an entry missing there falls back to the idea the reader typed and a score of 0.
 */
export function readStrutScores(
  result: { hellaScore: number; ideaScore: readonly Readonly<Record<string, number>>[] },
  typedIdeas: readonly string[] = [],
): StrutScores {
  const idea = (i: number): IdeaScore => {
    const entry = result.ideaScore[i]
    const [label, score] = entry ? (Object.entries(entry)[0] ?? ['', 0]) : ['', 0]
    return { label: label || typedIdeas[i] || `Idea #${i + 1}`, score: finite(score) }
  }
  const bonusEntry = result.ideaScore.slice(3).find((e) => BONUS_KEY in e)
  return {
    ideas: [idea(0), idea(1), idea(2)],
    bonus: finite(bonusEntry?.[BONUS_KEY]),
    total: finite(result.hellaScore),
  }
}

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
  const parts = strut.ideas.map((i) => formatScore(i.score)).join(' + ')
  return (
    `${formatScore(strut.total)} = ${parts} (your three ideas, 0–100 each) + ${formatScore(strut.bonus)} bonus ` +
    `(half the weakest idea’s score, so books that cover all three rank first). At most ${MAX_TOTAL}.`
  )
}
