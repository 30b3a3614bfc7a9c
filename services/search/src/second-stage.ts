import { readFileSync } from 'node:fs'
import path from 'node:path'
import { BONUS_WEIGHT, onBaseScale, type CosineScale, type StrutScores } from './strut-score.js'
import type { LexicalMatches } from './lexical/idea-fusion.js'
import { ideaTerms } from './lexical/book-text-index.js'
import { boundedFoundGain } from './found-idea-influence.js'

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

/**
 * The signals of one (idea, book) pair the product's model reads, in the order secondStageFeatures computes them
 * (idea-score-v1's six, which v2 and v3 read too). A model names the ones it reads (SecondStageModel.features). The
 * twelve more that were measured and not kept (the other ideas' coverage, ranks in the listing, the whole request,
 * readers' ideas) left the product with issue 47: docs/experiments.md says what each gave and where its code lies.
 */
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
 * A logistic model: z = bias + Σ weights · features (log-odds that the idea points to the book), and how z becomes
 * the score shown.
 */
export interface SecondStageModel {
  version: string
  model?: 'logistic'
  features: readonly SecondStageFeature[]
  weights: readonly number[]
  bias: number
  /** 100 × σ(slope × z + offset): offset puts z₇₀ (see docs/idea-search.md "Honest Strut scores") at 70 */
  shown: { slope: number; offset: number }
}

/** Every listed book's cosine per idea (on the model's own scale, as the index returns it). */
export type BookCosines = ReadonlyMap<string, readonly number[]>

export interface SecondStageInput {
  ideas: readonly string[]
  cosines: BookCosines
  /**
   * the listed books whose ideas readers agreed on lift a cosine: their cosine per idea with them (liftedCosines, the
   * model's scale). They change only that book's own signals of meaning (cosine, cosineLexical, cosineGap), never a
   * signal of its words nor the listing's best cosine (other books are scored as without them), and the book's total
   * rises at most FOUND_IDEA_MAX_GAIN (boundedFoundGain)
   */
  foundCosines?: BookCosines
  lexical?: LexicalMatches
  /** the title's terms of a book (BookTextIndex.titleTerms) */
  titleTerms: (bookId: string) => ReadonlySet<string> | undefined
  scale: CosineScale
}

const IDEA_TERMS_CAP = 12

/**
 * Every signal (SECOND_STAGE_FEATURES order) of every (idea, book) pair: rows[b][i] is book b's (in `bookIds` order)
 * for idea i. The gap is relative to the books given (the whole listing). For the training rows bench:quality writes.
 */
export function secondStageFeatures(bookIds: readonly string[], input: SecondStageInput): number[][][] {
  const { rowOf } = featureRows(bookIds, input)
  return bookIds.map((_, b) => rowOf(b))
}

/**
 * What secondStageFeatures computes, as a function of a book (its index in `bookIds`) and, optionally, cosines of
 * its own to put in place of `input.cosines`' (its found ideas' lifted ones): the listing's best cosine per idea is
 * always that of `input.cosines`.
 */
function featureRows(bookIds: readonly string[], input: SecondStageInput) {
  const terms = input.ideas.map((idea) => ideaTerms(idea))
  const onBase = (c: readonly number[]) => input.ideas.map((_, i) => onBaseScale(input.scale, c[i] ?? 0))
  const cosine = bookIds.map((id) => {
    const own = (input.cosines.get(id) ?? []).map((c) => onBaseScale(input.scale, c))
    return input.ideas.map((_, i) => own[i] ?? 0)
  })
  const best = input.ideas.map((_, i) => cosine.reduce((m, c) => Math.max(m, c[i]!), -Infinity))
  const rowOf = (b: number, withCosines?: readonly number[]): number[][] => {
    const id = bookIds[b]!
    const title = input.titleTerms(id)
    const cos = withCosines ? onBase(withCosines) : cosine[b]!
    return input.ideas.map((_, i) => {
      const own = terms[i]!
      const inTitle = title && own.length > 0 ? own.filter((t) => title.has(t)).length / own.length : 0
      const lex = input.lexical?.[i]?.get(id) ?? 0
      return [
        cos[i]!,
        lex,
        // ≤ 0 as the model learnt it, also for a book its found ideas lift above the listing's best
        Math.min(0, cos[i]! - best[i]!),
        inTitle,
        cos[i]! * lex,
        Math.min(own.length, IDEA_TERMS_CAP) / IDEA_TERMS_CAP,
      ]
    })
  }
  return { rowOf }
}

const columns = new WeakMap<SecondStageModel, number[]>()
/** Where each feature a model reads is in the rows secondStageFeatures computes (worked out once per model). */
function columnsOf(model: SecondStageModel): number[] {
  let found = columns.get(model)
  if (!found) columns.set(model, (found = model.features.map((name) => SECOND_STAGE_FEATURES.indexOf(name))))
  return found
}

/** The model's log-odds that the idea points to the book, from the pair's full row of signals. */
export function secondStageLogit(model: SecondStageModel, row: readonly number[]): number {
  const columns = columnsOf(model)
  let z = model.bias
  for (let k = 0; k < model.weights.length; k++) z += model.weights[k]! * row[columns[k]!]!
  return z
}

/** The model's Strut score (0-100) for one pair's full row of signals. */
export function secondStageScore(model: SecondStageModel, row: readonly number[]): number {
  return 100 / (1 + Math.exp(-(model.shown.slope * secondStageLogit(model, row) + model.shown.offset)))
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
  const { rowOf } = featureRows(bookIds, input)
  const scoresOf = (rows: readonly number[][]): StrutScores => {
    const ideas = rows.map((f) => secondStageScore(model, f))
    const bonus = BONUS_WEIGHT * Math.min(...ideas)
    return { ideas, bonus, total: ideas.reduce((s, x) => s + x, 0) + bonus }
  }
  return bookIds
    .map((bookId, b) => {
      const own = scoresOf(rowOf(b))
      const lifted = input.foundCosines?.get(bookId)
      return { bookId, scores: lifted ? boundedFoundGain(own, scoresOf(rowOf(b, lifted))) : own }
    })
    .sort((a, b) => b.scores.total - a.scores.total || (a.bookId < b.bookId ? -1 : 1))
}

/** The model the product uses, committed beside the idea encoder (services/search/models/second-stage/). */
export const SECOND_STAGE_MODEL_FILE = path.resolve(
  import.meta.dirname,
  '..',
  'models',
  'second-stage',
  'idea-score-v3.json',
)

/** Reads a model description and checks that it reads only signals this code computes, and is well formed. */
export function loadSecondStageModel(file = SECOND_STAGE_MODEL_FILE): SecondStageModel {
  const model = JSON.parse(readFileSync(file, 'utf8')) as SecondStageModel
  const known = new Set<string>(SECOND_STAGE_FEATURES)
  const features: unknown = model.features
  const readable = (f: unknown) => typeof f === 'string' && known.has(f)
  if (!Array.isArray(features) || features.length === 0 || !features.every(readable))
    throw new Error(`${file}: expected a model of some of the features ${SECOND_STAGE_FEATURES.join(',')}`)
  if ((model.model ?? 'logistic') !== 'logistic') throw new Error(`${file}: expected a logistic model`)
  if (model.weights?.length !== model.features.length)
    throw new Error(`${file}: expected one weight per feature (${model.features.length})`)
  const numbers = [model.bias, model.shown?.slope, model.shown?.offset, ...model.weights]
  if (!numbers.every(Number.isFinite) || !(model.shown.slope > 0))
    throw new Error(`${file}: weights, bias and shown (slope > 0, offset) must be numbers`)
  return model
}
