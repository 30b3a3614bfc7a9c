/**
 * A book's Strut scores in the one shape they keep from the ranking to the screen: the ranking makes them, the
 * Redis cache keeps them, the client shows them. Only the public API spells them otherwise (`hellaScore` and
 * `ideaScore: [{"<idea 1>": s1}, {"<idea 2>": s2}, {"<idea 3>": s3}, {"bonusScore": b}]`); `toWireScores` and
 * `fromWireScores` are the one conversion in each direction.
 */
export interface StrutScores {
  /** one 0-100 score per idea, in the order typed */
  ideas: number[]
  /** half the weakest idea's score: it rewards covering every idea */
  bonus: number
  /** the sum of the idea scores and the bonus: what results are ranked by */
  total: number
}

/** The scores as the public API spells them (the `ScoredPodcast` fields). */
export interface WireStrutScores {
  hellaScore: number
  ideaScore: Record<string, number>[]
}

/** The key of the bonus entry that follows the ideas in `ideaScore`. */
export const BONUS_KEY = 'bonusScore'

/** Scores with the ideas labelled as the reader typed them (the wire labels each score by its idea's text). */
export interface LabelledStrutScores {
  scores: StrutScores
  /** one label per idea, in the order of `scores.ideas` */
  labels: string[]
}

/** The wire's score fields: one single-entry object per idea, labelled by its text, then the bonus. */
export function toWireScores(scores: StrutScores, ideas: readonly string[]): WireStrutScores {
  return {
    hellaScore: scores.total,
    ideaScore: [...ideas.map((idea, i) => ({ [idea]: scores.ideas[i] ?? 0 })), { [BONUS_KEY]: scores.bonus }],
  }
}

const finite = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) ? n : 0)

/**
 * Reads the wire's scores for `ideaCount` ideas. The ideas are read by POSITION (an idea's text could be anything,
 * even "bonusScore"); an entry missing there falls back to the idea the reader typed and a score of 0.
 */
export function fromWireScores(
  wire: { hellaScore: number; ideaScore: readonly Readonly<Record<string, number>>[] },
  typedIdeas: readonly string[] = [],
  ideaCount = 3,
): LabelledStrutScores {
  const entries = Array.from({ length: ideaCount }, (_, i) => {
    const entry = wire.ideaScore[i]
    const [label, score] = entry ? (Object.entries(entry)[0] ?? ['', 0]) : ['', 0]
    return { label: label || typedIdeas[i] || `Idea #${i + 1}`, score: finite(score) }
  })
  const bonusEntry = wire.ideaScore.slice(ideaCount).find((e) => BONUS_KEY in e)
  return {
    scores: {
      ideas: entries.map((e) => e.score),
      bonus: finite(bonusEntry?.[BONUS_KEY]),
      total: finite(wire.hellaScore),
    },
    labels: entries.map((e) => e.label),
  }
}
