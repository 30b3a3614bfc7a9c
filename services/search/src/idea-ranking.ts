import { matchCosines, type IdeaVectorIndex } from './vector-index.js'
import {
  BASE_SCALE,
  cosineForScore,
  offBaseScale,
  passesFloor,
  RELEVANCE_FLOOR,
  strutScores,
  type CosineScale,
  type StrutScores,
} from './strut-score.js'
import { fuseIdeaEvidence, LEXICAL_WEIGHT, type LexicalMatches } from './lexical/idea-fusion.js'
import { loadSecondStageModel, secondStageRanking, type SecondStageModel } from './second-stage.js'
import type { IdeaMatches } from './lexical/book-text-index.js'

export interface RankedBook {
  bookId: string
  scores: StrutScores
}

/** A ranking never holds more books than this: the first 100 pages of results. */
export const MAX_RANKED = 1000

export interface RankOptions {
  /** each idea's lexical matches (BookTextIndex.matchIdeas): fused into that idea's score */
  lexical?: LexicalMatches
  /** the benchmarks try other values; the product uses the defaults */
  lexicalWeight?: number
  floor?: number
  /** the cosine scale of the model that made the vectors (its card's); the base model's by default */
  scale?: CosineScale
  /**
   * the second stage (second-stage.ts), which re-scores the listed books with its learned Strut scores and orders
   * them by those: the committed model by default whenever `lexical` comes from BookTextIndex.matchIdeas (it
   * carries the ideas and titles the model reads); another model to try one; false for the first stage alone
   */
  secondStage?: SecondStageModel | false
}

/**
 * Every book above the relevance floor, best first: by hellaScore, then by id so that equal scores keep one
 * order across requests. With lexical matches, each idea's score fuses its cosine and its words (idea-fusion.ts).
 */
export function rankBooks(
  index: IdeaVectorIndex,
  ideaVectors: readonly Float32Array[],
  opts: RankOptions = {},
): RankedBook[] {
  const weight = opts.lexical ? (opts.lexicalWeight ?? LEXICAL_WEIGHT) : 0
  const floor = opts.floor ?? RELEVANCE_FLOOR
  // A book under the floor by meaning can still reach it with its words: the books the lexical index found for
  // any idea are candidates too, scored exactly in the same pass.
  const byWords = opts.lexical && weight > 0 ? [...new Set(opts.lexical.flatMap((m) => [...m.keys()]))] : []
  const scale = opts.scale ?? BASE_SCALE
  const floorCosine = cosineForScore(floor)
  const matches = index.search(ideaVectors, {
    floorCosine: offBaseScale(scale, floorCosine),
    include: byWords,
  })
  const ranked: RankedBook[] = []
  const cosinesOf = new Map<string, number[]>()
  matches.bookIds.forEach((bookId, b) => {
    const cosines = matchCosines(matches, b)
    const evidence = fuseIdeaEvidence(bookId, cosines, opts.lexical, weight, scale)
    // Most books the words found stay under the floor even with their words' share. Scores rise with evidence,
    // so those are left before any score is computed (the margin leaves the exact test to passesFloor).
    if (Math.max(...evidence) < floorCosine - 1e-6) return
    const scores = strutScores(evidence)
    if (passesFloor(scores, floor)) {
      ranked.push({ bookId, scores })
      cosinesOf.set(bookId, cosines)
    }
  })
  ranked.sort((a, b) => b.scores.total - a.scores.total || (a.bookId < b.bookId ? -1 : 1))
  const listed = ranked.slice(0, MAX_RANKED)
  const words = opts.lexical && 'titleTerms' in opts.lexical ? (opts.lexical as IdeaMatches) : undefined
  const model = opts.secondStage ?? (SECOND_STAGE_BY_DEFAULT && words && committedSecondStage())
  if (!model || !words) return listed
  return secondStageRanking(
    model,
    listed.map((r) => r.bookId),
    { ideas: words.ideas, cosines: cosinesOf, lexical: words, titleTerms: words.titleTerms, scale },
  )
}

/** Whether the product's ranking goes through the second stage (docs/idea-search.md "The second stage"). */
export const SECOND_STAGE_BY_DEFAULT = true

let committed: SecondStageModel | undefined
/** The committed model, read once per process. */
const committedSecondStage = () => (committed ??= loadSecondStageModel())

/** How much a book in the reader's language gains in the ranking (not in its shown scores). */
export const LANGUAGE_PREFERENCE = 15

/** The primary subtag of a language tag: en-US → en. */
export const primaryLanguage = (tag: string | null | undefined) =>
  tag?.trim().split(/[-_]/)[0]?.toLowerCase() || null

/**
 * Prefers books in the reader's language: each gains LANGUAGE_PREFERENCE points in the sort (a 15-point lead on
 * a 0-350 scale: it decides between books that match about equally, it does not lift a weak match over a strong
 * one). Books of unknown language are neither preferred nor pushed down. Stable for equal keys.
 */
export function preferLanguage(
  ranked: readonly RankedBook[],
  languageOf: (bookId: string) => string | null | undefined,
  readerLanguage: string | null | undefined,
): RankedBook[] {
  const reader = primaryLanguage(readerLanguage)
  if (!reader) return [...ranked]
  const key = (b: RankedBook) =>
    b.scores.total + (primaryLanguage(languageOf(b.bookId)) === reader ? LANGUAGE_PREFERENCE : 0)
  return ranked
    .map((b, i) => ({ b, i, k: key(b) }))
    .sort((x, y) => y.k - x.k || x.i - y.i)
    .map((x) => x.b)
}
