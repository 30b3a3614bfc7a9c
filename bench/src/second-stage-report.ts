import { writeFile } from 'node:fs/promises'
import { type RankedBook } from '@bookstrut/search'
import {
  SECOND_STAGE_FEATURES,
  secondStageFeatures,
  type FirstStage,
  type SecondStageInput,
} from '@bookstrut/search/bench'
import { bootstrapMean, quantile } from './bench-stats.js'

/**
 * bench:quality's part of the second stage (services/search/src/second-stage.ts): the training rows it learns from,
 * and what its Strut scores mean on the split measured.
 */

/** Candidates per request written for training: the first stage's best, where a re-ranking changes what is seen. */
export const TRAINING_DEPTH = 100

/** The books of a first stage a request's training rows are written for: the first TRAINING_DEPTH it ranked. */
export function trainingBooks(first: FirstStage): Set<string> {
  return new Set(first.ranked.slice(0, TRAINING_DEPTH).map((r) => r.bookId))
}

/** The Strut score that must mean "this idea is about this book" (issue 34). */
export const ABOUT_SCORE = 70

/**
 * `--second-stage-rows FILE`: one CSV row per (request, book of its trainingBooks, idea), in listing order: the
 * request, the idea's position, whether the book is the request's answer, and the features the product computes for
 * it (features of the whole listing: a book's cosine gap is to the best listed book). Read by
 * `encoder/run.sh --second-stage`.
 */
export async function writeSecondStageRows(
  file: string,
  requests: readonly { id: string; relevant: ReadonlySet<string> }[],
  firsts: readonly FirstStage[],
  inputs: readonly SecondStageInput[],
): Promise<number> {
  const lines = [['request', 'idea', 'answer', ...SECOND_STAGE_FEATURES].join(',')]
  requests.forEach((q, qi) => {
    const { listing } = firsts[qi]!
    const written = trainingBooks(firsts[qi]!)
    const features = secondStageFeatures(listing, inputs[qi]!)
    listing.forEach((bookId, b) => {
      if (!written.has(bookId)) return
      features[b]!.forEach((f, i) =>
        lines.push([q.id, i, q.relevant.has(bookId) ? 1 : 0, ...f.map((x) => x.toFixed(6))].join(',')),
      )
    })
  })
  await writeFile(file, lines.join('\n') + '\n')
  return lines.length - 1
}

/**
 * What a Strut score means on this split: per idea, the scores of the answer against those of the other books in
 * the top 10, and the precision of ABOUT_SCORE (of the (idea, top-10 book) pairs scoring that much, how many name
 * the book the reader meant; a 95 % bootstrap interval over those pairs).
 */
export function scoreMeaningReport(
  title: string,
  requests: readonly { relevant: ReadonlySet<string> }[],
  scored: readonly (readonly RankedBook[])[],
): string {
  const answer: number[] = []
  const others: number[] = []
  const aboutHits: number[] = []
  let requestsWithAbout = 0
  scored.forEach((ranked, qi) => {
    let any = false
    for (const r of ranked.slice(0, 10)) {
      const isAnswer = requests[qi]!.relevant.has(r.bookId)
      for (const s of r.scores.ideas) {
        ;(isAnswer ? answer : others).push(s)
        if (s >= ABOUT_SCORE) {
          aboutHits.push(isAnswer ? 1 : 0)
          any = true
        }
      }
    }
    if (any) requestsWithAbout++
  })
  const row = (label: string, values: number[]) =>
    `  ${label.padEnd(40)}${[0.1, 0.5, 0.9].map((p) => quantile(values, p).toFixed(1).padStart(8)).join('')}` +
    `${((100 * values.filter((v) => v >= ABOUT_SCORE).length) / Math.max(1, values.length)).toFixed(1).padStart(10)} %`
  const precision = bootstrapMean(aboutHits)
  return [
    `\nStrut scores per idea in the top 10, ${title}`,
    `  ${''.padEnd(40)}${['p10', 'p50', 'p90'].map((h) => h.padStart(8)).join('')}${`≥ ${ABOUT_SCORE}`.padStart(12)}`,
    row(`answer book (n=${answer.length} ideas)`, answer),
    row(`other top-10 books (n=${others.length})`, others),
    aboutHits.length === 0
      ? `  no idea scored ${ABOUT_SCORE} or more`
      : `  precision of ${ABOUT_SCORE}+: ${precision.mean.toFixed(3)} [${precision.low.toFixed(3)}, ` +
        `${precision.high.toFixed(3)}] of ${aboutHits.length} (idea, book) pairs name the reader's book ` +
        `(${requestsWithAbout} of ${scored.length} requests show one)`,
  ].join('\n')
}
