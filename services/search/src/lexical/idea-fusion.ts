import { BASE_SCALE, onBaseScale, type CosineScale } from '../strut-score.js'

/**
 * Fusion of meaning and words, per idea: a book's evidence for idea i is its best cosine to that idea plus
 * LEXICAL_WEIGHT × how strongly the book's own words match the idea's (BookTextIndex.matchIdeas: 0-1, 1 for the
 * idea's best lexical match). The Strut score of idea i is computed from that evidence, so each of the three
 * scores still explains one idea, and the ranking stays the order of the scores shown. Score fusion was chosen
 * over per-idea reciprocal-rank fusion, and the weight, on the dev split (docs/idea-search.md).
 */
export const LEXICAL_WEIGHT = 0.2

/** Each idea's lexical match strengths (book id → 0-1); books missing from a map match that idea's words not at all. */
export type LexicalMatches = readonly ReadonlyMap<string, number>[]

/**
 * The fused evidence of one book for each idea: its cosine, put on the base model's scale (the model's CosineScale),
 * + weight × lexical strength.
 */
export function fuseIdeaEvidence(
  bookId: string,
  cosines: readonly number[],
  lexical: LexicalMatches | undefined,
  weight = LEXICAL_WEIGHT,
  scale: CosineScale = BASE_SCALE,
): number[] {
  return cosines.map((c, i) => onBaseScale(scale, c) + weight * (lexical?.[i]?.get(bookId) ?? 0))
}
