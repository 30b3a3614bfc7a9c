import { BONUS_WEIGHT, offBaseScale, onBaseScale, type CosineScale, type StrutScores } from './strut-score.js'

/**
 * How much the ideas readers agreed on ("found it", approved) may move a book (issue 45). A found idea is one more
 * passage of the book, held apart from the book's own passages (its title, ideas and blurb): its words are not the
 * author's, so it never reaches the lexical index nor the second stage's word, title or listing-wide signals, and
 * its meaning counts only within two bounds.
 *
 * FOUND_IDEA_LIFT: a found passage's cosine for an idea counts at most this much (on the base model's scale) above
 * the book's best cosine for that idea from its own text. Readers' words can bridge the gap between how they
 * remember a book and how its blurb says it; they cannot make a book about what its own text is not about. 0.1 is
 * what separates an answer from a random book (the answer's best idea: median cosine 0.36; a random book's: 0.22,
 * strut-score.ts): a book its blurb words poorly (0.36, Strut score 38) can reach the relevance floor (0.45, 65), an
 * unrelated one (0.2, 7) stays far under it (0.3, 22), and a verbatim copy of another book's ideas (cosine 1 with
 * the found passage) gains no more than a paraphrase would.
 */
export const FOUND_IDEA_LIFT = 0.1

/**
 * FOUND_IDEA_MAX_GAIN: the most a book's total (ideas + bonus, 0-350) may rise through its found ideas, however the
 * scores are computed (the first stage's fixed curve or a learned second stage, which need not be linear in a
 * cosine). Twice LANGUAGE_PREFERENCE: enough to move a book readers found ahead of books that match about as well,
 * never ahead of a book that matches the reader's ideas clearly better on its own text (by more than 30 points:
 * about a third of one idea's full score).
 */
export const FOUND_IDEA_MAX_GAIN = 30

/**
 * A book's cosines per idea with its found passages counted (the model's scale, as the index returns them): the
 * best of its own cosine and its found passages' cosine, the latter at most FOUND_IDEA_LIFT above the own one.
 */
export function liftedCosines(
  own: readonly number[],
  found: readonly number[],
  scale: CosineScale,
): number[] {
  return own.map((o, i) => {
    const ownBase = onBaseScale(scale, o)
    const foundBase = onBaseScale(scale, found[i] ?? -1)
    // exactly its own cosine when the found passages do not beat it (no rounding through the scale)
    if (foundBase <= ownBase) return o
    return offBaseScale(scale, Math.min(foundBase, ownBase + FOUND_IDEA_LIFT))
  })
}

/**
 * A book's scores with its found ideas (`lifted`) brought within FOUND_IDEA_MAX_GAIN of its scores without them
 * (`own`): each idea keeps its own score plus a share k of its gain, k the largest in [0, 1] that the bound
 * guarantees (Σ gains + BONUS_WEIGHT × the largest gain bounds the total's rise, since the bonus, half the weakest
 * score, rises at most by half the largest gain). A found idea never lowers a score. The total stays Σ ideas + bonus,
 * so the scores shown still explain the order.
 */
export function boundedFoundGain(own: StrutScores, lifted: StrutScores): StrutScores {
  const gains = own.ideas.map((o, i) => Math.max(0, (lifted.ideas[i] ?? o) - o))
  const bound = gains.reduce((s, g) => s + g, 0) + BONUS_WEIGHT * Math.max(0, ...gains)
  if (bound === 0) return own
  const k = Math.min(1, FOUND_IDEA_MAX_GAIN / bound)
  const ideas = own.ideas.map((o, i) => o + k * gains[i]!)
  const bonus = BONUS_WEIGHT * Math.min(...ideas)
  return { ideas, bonus, total: ideas.reduce((s, x) => s + x, 0) + bonus }
}
