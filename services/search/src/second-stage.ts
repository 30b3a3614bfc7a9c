import { readFileSync } from 'node:fs'
import path from 'node:path'
import { BONUS_WEIGHT, onBaseScale, type CosineScale, type StrutScores } from './strut-score.js'
import type { LexicalMatches } from './lexical/idea-fusion.js'
import { ideaTerms } from './lexical/book-text-index.js'
import { checkTrees, treesSum, type RegressionTree } from './second-stage-trees.js'
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
 * The signals of one (idea, book) pair that a model may read, in the order secondStageFeatures computes them. A model
 * names the ones it reads (SecondStageModel.features); the first six are idea-score-v1's.
 */
export const SECOND_STAGE_FEATURES = [
  'cosine', // the book's best passage cosine for the idea, on the base model's scale
  'lexical', // its BM25 strength for the idea (0-1, 1 for the idea's best lexical match)
  'cosineGap', // cosine − the best cosine any listed book has for this idea (≤ 0): how it compares to the others
  'titleShare', // the share of the idea's words that are words of the title (0-1)
  'cosineLexical', // cosine × lexical: meaning and words agreeing count more than either alone
  'ideaTerms', // the idea's word count (stop words dropped) / 12, capped at 1: short ideas' words say less
  // The book's other ideas: an idea's match is likelier the reader's book when the book also covers the rest
  // (with a single idea, the idea's own values).
  'otherCosineMean', // the mean of the book's cosines for the other ideas
  'otherCosineMin', // the weakest of them
  'otherLexicalMean', // the mean of its BM25 strengths for the other ideas
  // Where the book stands among the listed books for this idea: log2(1 + books strictly ahead) / 10.
  'cosineRank',
  'lexicalRank',
  'ideaBestCosine', // the best cosine any listed book has for this idea: how specific the idea is
  // The whole request (its ideas joined, embedded as one query: how the encoder learnt requests) against the book,
  // the same for each of its ideas: an idea's match is likelier the reader's book when the request as a whole is.
  'requestCosine', // the book's best passage cosine for the whole request, on the base model's scale
  'requestCosineGap', // requestCosine − the best any listed book has (≤ 0)
  'requestRank', // log2(1 + listed books strictly ahead by requestCosine) / 10
  // Readers' ideas: what earlier readers typed when they said "this is the book I meant" (found it), for books enough
  // independent readers confirmed (SecondStageInput.readerIdeas). 0 for a book without them.
  'readerCosine', // the idea's best cosine with one of the book's readers' ideas, on the base model's scale
  'readerOtherMean', // the mean of readerCosine over the book's other ideas
  'readerCount', // log2(1 + the readers who confirmed the book) / 10
] as const

/** The signals only a ranking given the whole request's vector can compute (RankOptions.request). */
export const REQUEST_FEATURES: readonly SecondStageFeature[] = [
  'requestCosine',
  'requestCosineGap',
  'requestRank',
]

/** Whether a model reads the whole request's signals (so its ranking must be given the request's vector). */
export const readsRequest = (model: SecondStageModel) =>
  model.features.some((f) => REQUEST_FEATURES.includes(f))

export type SecondStageFeature = (typeof SECOND_STAGE_FEATURES)[number]

/** The signals only a ranking given readers' ideas can compute (RankOptions.readerIdeas). */
export const READER_FEATURES: readonly SecondStageFeature[] = [
  'readerCosine',
  'readerOtherMean',
  'readerCount',
]

/** Whether a model reads readers' ideas (so its ranking must be given them). */
export const readsReaderIdeas = (model: SecondStageModel) =>
  model.features.some((f) => READER_FEATURES.includes(f))

/** A book's readers' ideas against a request: each idea's best cosine with one of them, and how many readers. */
export interface ReaderIdeaMatch {
  /** per idea of the request, on the model's own scale */
  cosines: readonly number[]
  readers: number
}

/** Shared by both kinds: the features read (by name) and how its log-odds z becomes the score shown. */
interface SecondStageModelBase {
  version: string
  features: readonly SecondStageFeature[]
  /** 100 × σ(slope × z + offset): offset puts z₇₀ (see docs/idea-search.md "Honest Strut scores") at 70 */
  shown: { slope: number; offset: number }
}

/** A logistic model: z = bias + Σ weights · features (log-odds that the idea points to the book). */
export interface LinearSecondStage extends SecondStageModelBase {
  model?: 'logistic'
  weights: readonly number[]
  bias: number
}

/** Gradient-boosted trees (LightGBM, binary): z = bias + Σ trees' leaves (second-stage-trees.ts). */
export interface TreeSecondStage extends SecondStageModelBase {
  model: 'trees'
  bias: number
  trees: readonly RegressionTree[]
}

export type SecondStageModel = LinearSecondStage | TreeSecondStage

/** Every listed book's cosine per idea (on the model's own scale, as the index returns it). */
export type BookCosines = ReadonlyMap<string, readonly number[]>

export interface SecondStageInput {
  ideas: readonly string[]
  cosines: BookCosines
  /**
   * the listed books whose ideas readers agreed on lift a cosine: their cosine per idea with them (liftedCosines, the
   * model's scale). They change only that book's own signals of meaning (cosine, cosineLexical, cosineGap, its other
   * ideas' cosines), never a signal of its words nor one of the listing (the best cosine, ranks: other books are
   * scored as without them), and the book's total rises at most FOUND_IDEA_MAX_GAIN (boundedFoundGain)
   */
  foundCosines?: BookCosines
  lexical?: LexicalMatches
  /** every listed book's cosine for the whole request (on the model's scale); without it, the request's signals mean nothing (rankBooks refuses a model that reads them) */
  requestCosines?: ReadonlyMap<string, number>
  /** the listed books that have readers' ideas; the others have none (their reader signals are 0) */
  readerIdeas?: ReadonlyMap<string, ReaderIdeaMatch>
  /** the title's terms of a book (BookTextIndex.titleTerms) */
  titleTerms: (bookId: string) => ReadonlySet<string> | undefined
  scale: CosineScale
}

const IDEA_TERMS_CAP = 12

/** For each value, log2(1 + how many values are strictly greater) / 10: a rank that ties share. */
function logRanks(values: readonly number[]): number[] {
  const sorted = Float64Array.from(values).sort().reverse()
  return values.map((v) => {
    let lo = 0
    let hi = sorted.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (sorted[mid]! > v) lo = mid + 1
      else hi = mid
    }
    return Math.log2(1 + lo) / 10
  })
}

const meanOf = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length

/**
 * Every signal (SECOND_STAGE_FEATURES order) of every (idea, book) pair: rows[b][i] is book b's (in `bookIds` order)
 * for idea i. Signals relative to the others are relative to the books given (the whole listing).
 */
export function secondStageFeatures(bookIds: readonly string[], input: SecondStageInput): number[][][] {
  const { rowOf } = featureRows(bookIds, input)
  return bookIds.map((_, b) => rowOf(b))
}

/**
 * What secondStageFeatures computes, as a function of a book (its index in `bookIds`) and, optionally, cosines of
 * its own to put in place of `input.cosines`' (its found ideas' lifted ones): the listing's figures (the best cosine
 * per idea, ranks) are always those of `input.cosines`.
 */
function featureRows(bookIds: readonly string[], input: SecondStageInput) {
  const ideaCount = input.ideas.length
  const terms = input.ideas.map((idea) => ideaTerms(idea))
  const cosinesOf = (id: string) => (input.cosines.get(id) ?? []).map((c) => onBaseScale(input.scale, c))
  const cosine = bookIds.map((id) => {
    const own = cosinesOf(id)
    return input.ideas.map((_, i) => own[i] ?? 0)
  })
  const lexical = bookIds.map((id) => input.ideas.map((_, i) => input.lexical?.[i]?.get(id) ?? 0))
  const best = input.ideas.map((_, i) => Math.max(...cosine.map((c) => c[i]!)))
  const cosineRanks = input.ideas.map((_, i) => logRanks(cosine.map((c) => c[i]!)))
  const lexicalRanks = input.ideas.map((_, i) => logRanks(lexical.map((l) => l[i]!)))
  const request = bookIds.map((id) => onBaseScale(input.scale, input.requestCosines?.get(id) ?? 0))
  const requestBest = Math.max(...request)
  const requestRanks = logRanks(request)
  const reader = bookIds.map((id) => {
    const match = input.readerIdeas?.get(id)
    return input.ideas.map((_, i) => (match ? onBaseScale(input.scale, match.cosines[i] ?? 0) : 0))
  })
  const rowOf = (b: number, withCosines?: readonly number[]): number[][] => {
    const id = bookIds[b]!
    const title = input.titleTerms(id)
    const cos = withCosines
      ? input.ideas.map((_, i) => onBaseScale(input.scale, withCosines[i] ?? 0))
      : cosine[b]!
    const readers = input.readerIdeas?.get(id)?.readers ?? 0
    const lex = lexical[b]!
    return input.ideas.map((_, i) => {
      const own = terms[i]!
      const inTitle = title && own.length > 0 ? own.filter((t) => title.has(t)).length / own.length : 0
      const others = ideaCount > 1 ? input.ideas.map((_, k) => k).filter((k) => k !== i) : [i]
      const otherCosines = others.map((k) => cos[k]!)
      return [
        cos[i]!,
        lex[i]!,
        // ≤ 0 as the model learnt it, also for a book its found ideas lift above the listing's best
        Math.min(0, cos[i]! - best[i]!),
        inTitle,
        cos[i]! * lex[i]!,
        Math.min(own.length, IDEA_TERMS_CAP) / IDEA_TERMS_CAP,
        meanOf(otherCosines),
        Math.min(...otherCosines),
        meanOf(others.map((k) => lex[k]!)),
        cosineRanks[i]![b]!,
        lexicalRanks[i]![b]!,
        best[i]!,
        request[b]!,
        request[b]! - requestBest,
        requestRanks[b]!,
        reader[b]![i]!,
        meanOf(others.map((k) => reader[b]![k]!)),
        Math.log2(1 + readers) / 10,
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
  if (model.model === 'trees') return model.bias + treesSum(model.trees, (k) => row[columns[k]!]!)
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
  const numbers = [model.bias, model.shown?.slope, model.shown?.offset]
  if (model.model === 'trees') {
    const problem = checkTrees(model.trees, model.features.length)
    if (problem) throw new Error(`${file}: ${problem}`)
  } else {
    if (model.weights?.length !== model.features.length)
      throw new Error(`${file}: expected one weight per feature (${model.features.length})`)
    numbers.push(...model.weights)
  }
  if (!numbers.every(Number.isFinite) || !(model.shown.slope > 0))
    throw new Error(`${file}: weights, bias and shown (slope > 0, offset) must be numbers`)
  return model
}
