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
import { boundedFoundGain, liftedCosines } from './found-idea-influence.js'

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
  /**
   * the passages of the ideas readers agreed on (found it), by book, apart from the books' own (`index`): they lift a
   * book's cosine for an idea and its total only within the bounds of found-idea-influence.ts
   */
  foundIdeas?: IdeaVectorIndex
}

/** What the first stage found, and what a second stage re-scores. */
export interface FirstStage {
  /** every book above the floor by its ideas, best first (at most MAX_RANKED) */
  ranked: RankedBook[]
  /** the books a second stage re-scores: `ranked`'s ids */
  listing: string[]
  /** each listed book's cosine per idea (the model's scale) */
  cosines: Map<string, number[]>
  /**
   * the listed books whose found ideas lift a cosine (RankOptions.foundIdeas): their cosine per idea with them
   * (liftedCosines, the model's scale); `cosines` keeps their own
   */
  foundCosines: Map<string, number[]>
}

/**
 * Every book above the relevance floor, best first: by hellaScore, then by id so that equal scores keep one
 * order across requests. With lexical matches, each idea's score fuses its cosine and its words (idea-fusion.ts).
 */
export function firstStage(
  index: IdeaVectorIndex,
  ideaVectors: readonly Float32Array[],
  opts: Omit<RankOptions, 'secondStage'> = {},
): FirstStage {
  const weight = opts.lexical ? (opts.lexicalWeight ?? LEXICAL_WEIGHT) : 0
  const floor = opts.floor ?? RELEVANCE_FLOOR
  // A book under the floor by meaning can still reach it with its words: the books the lexical index found for
  // any idea are candidates too, scored exactly in the same pass.
  const byWords = opts.lexical && weight > 0 ? [...new Set(opts.lexical.flatMap((m) => [...m.keys()]))] : []
  const scale = opts.scale ?? BASE_SCALE
  const floorCosine = cosineForScore(floor)
  const modelFloor = offBaseScale(scale, floorCosine)
  // Books whose found passages reach the floor are candidates too: their lift may carry them over it.
  const byFound = opts.foundIdeas?.search(ideaVectors, { floorCosine: modelFloor }).bookIds ?? []
  const include = byFound.length > 0 ? [...new Set([...byWords, ...byFound])] : byWords
  const matches = index.search(ideaVectors, { floorCosine: modelFloor, include })
  const found = foundCosinesOf(opts.foundIdeas, matches.bookIds, ideaVectors)
  const ranked: RankedBook[] = []
  const cosines = new Map<string, number[]>()
  const foundCosines = new Map<string, number[]>()
  matches.bookIds.forEach((bookId, b) => {
    const own = matchCosines(matches, b)
    const withFound = found.get(bookId)
    const lifted = withFound && liftedCosines(own, withFound, scale)
    const evidence = fuseIdeaEvidence(bookId, lifted ?? own, opts.lexical, weight, scale)
    // Most books the words found stay under the floor even with their words' share. Scores rise with evidence,
    // so those are left before any score is computed (the margin leaves the exact test to passesFloor).
    if (Math.max(...evidence) < floorCosine - 1e-6) return
    const scores = lifted
      ? boundedFoundGain(
          strutScores(fuseIdeaEvidence(bookId, own, opts.lexical, weight, scale)),
          strutScores(evidence),
        )
      : strutScores(evidence)
    if (passesFloor(scores, floor)) {
      ranked.push({ bookId, scores })
      cosines.set(bookId, own)
      if (lifted) foundCosines.set(bookId, lifted)
    }
  })
  ranked.sort((a, b) => b.scores.total - a.scores.total || (a.bookId < b.bookId ? -1 : 1))
  const listed = ranked.slice(0, MAX_RANKED)
  return { ranked: listed, listing: listed.map((r) => r.bookId), cosines, foundCosines }
}

/** The found passages' best cosine per idea of those of the given books that have found ideas. */
function foundCosinesOf(
  found: IdeaVectorIndex | undefined,
  bookIds: readonly string[],
  ideaVectors: readonly Float32Array[],
): Map<string, number[]> {
  if (!found || found.bookCount === 0) return new Map()
  const m = found.coverage(
    bookIds.filter((id) => found.has(id)),
    ideaVectors,
  )
  return new Map(m.bookIds.map((bookId, b) => [bookId, matchCosines(m, b)] as const))
}

/**
 * The product's ranking: the first stage, then, whenever a second stage applies (RankOptions.secondStage), its
 * order of the first stage's listing by learned Strut scores.
 */
export function rankBooks(
  index: IdeaVectorIndex,
  ideaVectors: readonly Float32Array[],
  opts: RankOptions = {},
): RankedBook[] {
  const words = opts.lexical && 'titleTerms' in opts.lexical ? (opts.lexical as IdeaMatches) : undefined
  const model = opts.secondStage ?? (SECOND_STAGE_BY_DEFAULT && words && committedSecondStage())
  const first = firstStage(index, ideaVectors, opts)
  if (!model || !words) return first.ranked
  return secondStageRanking(model, first.listing, {
    ideas: words.ideas,
    cosines: first.cosines,
    foundCosines: first.foundCosines,
    lexical: words,
    titleTerms: words.titleTerms,
    scale: opts.scale ?? BASE_SCALE,
  })
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
