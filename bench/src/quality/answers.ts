import { MAX_RANKED, RELEVANCE_FLOOR } from '@bookstrut/search'
import { cosineForScore, LEXICAL_WEIGHT, onBaseScale, strutScores } from '@bookstrut/search/bench'
import type { CosineScale } from '@bookstrut/search'
import { dot, quantile } from '../bench-stats.js'
import type { Query } from './report.js'

/** Where the answers fall against the relevance floor, and the coverage distributions calibration is tuned on. */
export function answerReport(
  model: string,
  queries: readonly Query[],
  rankings: string[][],
  bookVectors: Map<string, Float32Array[]>,
  ideas: Float32Array[][],
  scale: CosineScale,
) {
  /** a book's exact (float32) coverage of each idea: its best cosine over its passages, on the base scale */
  const coverage = (bookId: string, qi: number) =>
    ideas[qi]!.map((idea) =>
      onBaseScale(scale, Math.max(...bookVectors.get(bookId)!.map((v) => dot(v, idea)))),
    )
  const answer: number[][] = []
  const wrong: number[][] = []
  let noWrong = 0
  rankings.forEach((ranked, qi) => {
    answer.push(coverage([...queries[qi]!.relevant][0]!, qi))
    const topWrong = ranked.find((id) => !queries[qi]!.relevant.has(id))
    if (topWrong) wrong.push(coverage(topWrong, qi))
    else noWrong++
  })
  const unlisted = rankings.filter((r, i) => !r.some((id) => queries[i]!.relevant.has(id))).length
  const emptyRankings = rankings.filter((r) => r.length === 0).length
  const floor =
    `${model} (product: BM25 per idea, weight ${LEXICAL_WEIGHT}, floor Strut ${RELEVANCE_FLOOR} = fused ` +
    `${cosineForScore(RELEVANCE_FLOOR).toFixed(3)}): answer not listed for ${unlisted}/${queries.length} queries ` +
    `(below the floor, or beyond MAX_RANKED ${MAX_RANKED}); ${emptyRankings} queries list no book at all`
  return { floor, distribution: distribution(model, answer, wrong, noWrong) }
}

/** Per-idea coverage (cosine) of the answer and of the top-ranked wrong book: what calibration is tuned on. */
function distribution(model: string, answer: number[][], wrong: number[][], noWrong: number) {
  const hella = (c: number[]) => strutScores(c).total
  const line = (label: string, values: number[], digits = 3) =>
    `  ${label.padEnd(36)}${[0.1, 0.5, 0.9].map((p) => quantile(values, p).toFixed(digits).padStart(8)).join('')}`
  const lines = [
    `\ncoverage distributions, ${model} (float32 cosine of the best passage per idea, on the base scale)`,
    `  ${''.padEnd(36)}${['p10', 'p50', 'p90'].map((h) => h.padStart(8)).join('')}`,
    line(
      `answer: best idea (n=${answer.length})`,
      answer.map((c) => Math.max(...c)),
    ),
    line(
      'answer: weakest idea',
      answer.map((c) => Math.min(...c)),
    ),
    line('answer: every idea', answer.flat()),
    line(
      `top wrong: best idea (n=${wrong.length})`,
      wrong.map((c) => Math.max(...c)),
    ),
    line(
      'top wrong: weakest idea',
      wrong.map((c) => Math.min(...c)),
    ),
    line('top wrong: every idea', wrong.flat()),
    line('answer: hellaScore', answer.map(hella), 1),
    line('top wrong: hellaScore', wrong.map(hella), 1),
  ]
  if (noWrong > 0) lines.push(`  (${noWrong} queries listed no wrong book)`)
  return lines.join('\n')
}
