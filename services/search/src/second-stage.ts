import { readFileSync } from 'node:fs'
import path from 'node:path'
import { BONUS_WEIGHT, onBaseScale, type CosineScale, type StrutScores } from './strut-score.js'
import type { LexicalMatches } from './lexical/idea-fusion.js'
import { ideaTerms } from './lexical/book-text-index.js'

/**
 * The second stage: a learned Strut score per idea. The first stage (rankBooks) chooses the books to list with its
 * fixed fusion of cosine and words; this stage scores each listed book's coverage of each idea from several signals
 * with a logistic model trained on readers' real requests (the train split of reddit-tomt-books-dev, by
 * `encoder/run.sh --second-stage`, never on the dev split), and the books are ordered by the total of those scores.
 * The score is a fixed monotone function of the model's probability that this idea points to this book
 * (calibrated on the train split): 70 is even odds, so 70 or more means the same everywhere, "more likely than not,
 * this idea is about this book" (bench:quality prints the precision of 70+ on the dev split). The total stays Σ scores + BONUS_WEIGHT × the weakest, so the scores
 * shown explain the order. Measured and chosen in docs/idea-search.md ("The second stage").
 */

/** The signals of one (idea, book) pair, in the order the model's weights are. */
export const SECOND_STAGE_FEATURES = [
  'cosine', // the book's best passage cosine for the idea, on the base model's scale
  'lexical', // its BM25 strength for the idea (0-1, 1 for the idea's best lexical match)
  'cosineGap', // cosine − the best cosine any listed book has for this idea (≤ 0): how it compares to the others
  'titleShare', // the share of the idea's words that are words of the title (0-1)
  'cosineLexical', // cosine × lexical: meaning and words agreeing count more than either alone
  'ideaTerms', // the idea's word count (stop words dropped) / 12, capped at 1: short ideas' words say less
] as const

export type SecondStageFeature = (typeof SECOND_STAGE_FEATURES)[number]

/**
 * A logistic model: z = bias + Σ weights · features (SECOND_STAGE_FEATURES order) is the log-odds that the idea points
 * to the book (P = σ(z), calibrated on the train split). The score shown is 100 × σ(shown.slope × z + shown.offset):
 * the offset puts even odds (z = 0) at 70, so 70+ means "more likely than not, this idea is about this book"; the
 * slope spreads the scores around it as the totals rank best (chosen by cross-validation on the train split).
 */
export interface SecondStageModel {
  version: string
  features: readonly string[]
  weights: readonly number[]
  bias: number
  shown: { slope: number; offset: number }
}

/** Every listed book's cosine per idea (on the model's own scale, as the index returns it). */
export type BookCosines = ReadonlyMap<string, readonly number[]>

export interface SecondStageInput {
  ideas: readonly string[]
  cosines: BookCosines
  lexical?: LexicalMatches
  /** the title's terms of a book (BookTextIndex.titleTerms) */
  titleTerms: (bookId: string) => ReadonlySet<string> | undefined
  scale: CosineScale
}

const IDEA_TERMS_CAP = 12

/** The features of every (idea, book) pair: rows[b][i] is book b's (in `bookIds` order) for idea i. */
export function secondStageFeatures(bookIds: readonly string[], input: SecondStageInput): number[][][] {
  const terms = input.ideas.map((idea) => ideaTerms(idea))
  const cosinesOf = (id: string) => (input.cosines.get(id) ?? []).map((c) => onBaseScale(input.scale, c))
  const base = bookIds.map(cosinesOf)
  const best = input.ideas.map((_, i) => Math.max(...base.map((c) => c[i] ?? -1)))
  return bookIds.map((id, b) => {
    const title = input.titleTerms(id)
    return input.ideas.map((_, i) => {
      const cosine = base[b]![i] ?? 0
      const lexical = input.lexical?.[i]?.get(id) ?? 0
      const own = terms[i]!
      const inTitle = title && own.length > 0 ? own.filter((t) => title.has(t)).length / own.length : 0
      return [
        cosine,
        lexical,
        cosine - best[i]!,
        inTitle,
        cosine * lexical,
        Math.min(own.length, IDEA_TERMS_CAP) / IDEA_TERMS_CAP,
      ]
    })
  })
}

/** The model's log-odds that the idea points to the book. */
export function secondStageLogit(model: SecondStageModel, features: readonly number[]): number {
  let z = model.bias
  for (let k = 0; k < model.weights.length; k++) z += model.weights[k]! * features[k]!
  return z
}

/** The model's Strut score (0-100) for one pair's features. */
export function secondStageScore(model: SecondStageModel, features: readonly number[]): number {
  return 100 / (1 + Math.exp(-(model.shown.slope * secondStageLogit(model, features) + model.shown.offset)))
}

/**
 * The listed books re-scored by the model and ordered by their new total (equal totals by id, as rankBooks).
 * Every listed book is re-scored, not only the first page, so a later page never shows a total above an earlier one.
 */
export function secondStageRanking(
  model: SecondStageModel,
  bookIds: readonly string[],
  input: SecondStageInput,
): { bookId: string; scores: StrutScores }[] {
  const features = secondStageFeatures(bookIds, input)
  return bookIds
    .map((bookId, b) => {
      const ideas = features[b]!.map((f) => secondStageScore(model, f))
      const bonus = BONUS_WEIGHT * Math.min(...ideas)
      return { bookId, scores: { ideas, bonus, total: ideas.reduce((s, x) => s + x, 0) + bonus } }
    })
    .sort((a, b) => b.scores.total - a.scores.total || (a.bookId < b.bookId ? -1 : 1))
}

/** The model the product uses, committed beside the idea encoder (services/search/models/second-stage/). */
export const SECOND_STAGE_MODEL_FILE = path.resolve(
  import.meta.dirname,
  '..',
  'models',
  'second-stage',
  'idea-score-v1.json',
)

/** Reads a model description and checks that it scores the features this code computes, in this order. */
export function loadSecondStageModel(file = SECOND_STAGE_MODEL_FILE): SecondStageModel {
  const model = JSON.parse(readFileSync(file, 'utf8')) as SecondStageModel
  const expected = SECOND_STAGE_FEATURES.join(',')
  if (model.features?.join(',') !== expected || model.weights?.length !== SECOND_STAGE_FEATURES.length)
    throw new Error(`${file}: expected a model of the features ${expected}`)
  const numbers = [model.bias, ...model.weights, model.shown?.slope, model.shown?.offset]
  if (!numbers.every(Number.isFinite) || !(model.shown.slope > 0))
    throw new Error(`${file}: weights, bias and shown (slope > 0, offset) must be numbers`)
  return model
}
