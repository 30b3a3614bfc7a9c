/**
 * Strut scores: how well a book covers each idea a reader typed, on a 0-100 scale, and what the product shows
 * with them. One place for every constant; docs/idea-search.md documents them.
 *
 * coverage(idea, book) = the best cosine similarity between the idea's vector and any of the book's vectors
 * (its ideas and description chunks). Cosine is mapped to 0-100 with a logistic curve: monotonic, flat at both
 * ends (wording noise among unrelated texts, cos < 0.2, scores under 20; close paraphrases, cos > 0.55, over 85),
 * steep where the model separates "about this" from "not about this". Measured with all-MiniLM-L6-v2 on real
 * readers' requests (npm run bench:quality): the answer book's best idea has a median cosine of 0.36, a random
 * book's 0.22; midpoint and width were chosen for ranking quality there (Recall@10) among nearby values.
 */
import type { StrutScores } from '@bookstrut/schemas'
export const CALIBRATION = { midpoint: 0.4, width: 0.08 } as const

/**
 * A model's cosines put on the base model's scale: `slope × cosine + offset`. CALIBRATION, RELEVANCE_FLOOR and the
 * lexical weight were fitted to all-MiniLM-L6-v2's cosines; a trained idea encoder spreads its cosines otherwise
 * (an answer book's run about 0.15 higher), so with the base curve it would list nearly every book at full score.
 * Each trained model's card carries its scale, fitted by the encoder on its validation split (encoder/README
 * "The cosine scale"), and every cosine it makes goes through it before fusion, floor and scores: a Strut score
 * means the same whichever model made it. The base model's scale is the identity.
 */
export interface CosineScale {
  slope: number
  offset: number
}
export const BASE_SCALE: CosineScale = { slope: 1, offset: 0 }

/** A model's cosine on the base scale. */
export const onBaseScale = (scale: CosineScale, cosine: number) => scale.slope * cosine + scale.offset
/** The model's own cosine for one on the base scale (the inverse of `onBaseScale`), e.g. to test its rows against the floor. */
export const offBaseScale = (scale: CosineScale, cosine: number) => (cosine - scale.offset) / scale.slope

/** Cosine similarity (unit vectors, on the base scale) → Strut score 0-100. */
export function strutScore(cosine: number): number {
  return 100 / (1 + Math.exp(-(cosine - CALIBRATION.midpoint) / CALIBRATION.width))
}

/**
 * bonusScore rewards a book that covers all three ideas: half of its weakest idea score. A book that matches one
 * idea perfectly and the others not at all gets almost nothing; one that covers all three well gets up to 50.
 */
export const BONUS_WEIGHT = 0.5

/**
 * The relevance floor: a book is listed only when at least one idea scores this much (fused evidence, cosine plus
 * its words' share, of 0.45 or more with the default calibration): the idea is about the book, not merely near it.
 * Chosen on the dev split (npm run bench:quality -- --sweep, 9,542 books): from 25 up to 65 Recall@10 does not
 * fall (0.236 → 0.249) while the books listed per query drop from a thousand to p50 78 / p90 255; a nonsense
 * query lists nothing.
 */
export const RELEVANCE_FLOOR = 65

/** The cosine a Strut score corresponds to (the inverse of `strutScore`), e.g. the floor's cosine. */
export function cosineForScore(score: number): number {
  return CALIBRATION.midpoint - CALIBRATION.width * Math.log(100 / score - 1)
}

export type { StrutScores }

export function strutScores(cosines: readonly number[]): StrutScores {
  const ideas = cosines.map(strutScore)
  const bonus = BONUS_WEIGHT * Math.min(...ideas)
  return { ideas, bonus, total: ideas.reduce((a, b) => a + b, 0) + bonus }
}

export const passesFloor = (scores: StrutScores, floor = RELEVANCE_FLOOR) =>
  Math.max(...scores.ideas) >= floor

/** Two decimals, as the product shows scores. */
export const round2 = (n: number) => Math.round(n * 100) / 100
