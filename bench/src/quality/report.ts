import type { RankedBook } from '@bookstrut/search'
import { bootstrapMean, mean, quantile } from '../bench-stats.js'
import type { TomtQuery } from '../tomt-data.js'

/** One evaluated request: its ideas (blank ones dropped; 1-3 remain) and the pool ids of its answer. */
export interface Query {
  id: string
  split: TomtQuery['split']
  ideas: string[]
  relevant: Set<string>
}

/** A ranking per query (pool ids, best first), how many books each listed, and the mean time it took. */
export interface ModeResult {
  name: string
  rankings: string[][]
  listed?: number[]
  msPerQuery?: number
  /** idea modes: the rankings with their Strut scores */
  scored?: RankedBook[][]
}

/** Reciprocal-rank fusion constant (Cormack et al. 2009). */
export const RRF_K = 60

/** The 1-based rank of a query's answer in a ranking; Infinity when it is not listed. */
export function rankIn(ranking: readonly string[], q: Query): number {
  const i = ranking.findIndex((id) => q.relevant.has(id))
  return i < 0 ? Infinity : i + 1
}

/** Reciprocal-rank fusion of two rankings per query: score = Σ 1 / (RRF_K + rank); ties by id. */
export function fuse(a: string[][], b: string[][]): string[][] {
  return a.map((first, qi) => {
    const score = new Map<string, number>()
    for (const list of [first, b[qi]!])
      list.forEach((id, r) => score.set(id, (score.get(id) ?? 0) + 1 / (RRF_K + r + 1)))
    return [...score.entries()].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1)).map(([id]) => id)
  })
}

/** The modes restricted to some of the requests (their positions in `rankings`). */
export const subsetOf = (m: ModeResult, at: readonly number[]): ModeResult => ({
  name: m.name,
  rankings: at.map((i) => m.rankings[i]!),
  listed: m.listed && at.map((i) => m.listed![i]!),
  msPerQuery: m.msPerQuery,
})

/**
 * Each second stage against its model's first stage and against the first second-stage model measured (the committed
 * one by default): the mean per-request difference with a paired bootstrap interval (the same requests resampled for
 * both), which is narrower than comparing the two intervals of the table. A part pays when the interval is above 0.
 */
export function pairedReport(
  pairs: readonly { second: ModeResult; first: ModeResult }[],
  qs: Query[],
): string {
  if (pairs.length === 0) return ''
  const lines = ['paired differences (per request; 95 % paired bootstrap interval, 1,000 resamples):']
  const committed = pairs[0]!.second
  for (const { second: m, first } of pairs)
    for (const ref of m === committed || first === committed ? [first] : [first, committed])
      lines.push(pairedLine(m, ref, qs))
  return lines.join('\n') + '\n'
}

/** One mode against a reference, request by request: mean difference with a paired bootstrap interval. */
export function pairedLine(m: ModeResult, ref: ModeResult, qs: Query[]): string {
  const perRequest = (mode: ModeResult) => {
    const ranks = qs.map((q, i) => rankIn(mode.rankings[i]!, q))
    return {
      'Recall@1': ranks.map((r) => (r === 1 ? 1 : 0)),
      'Recall@10': ranks.map((r) => (r <= 10 ? 1 : 0)),
      'MRR@10': ranks.map((r) => (r <= 10 ? 1 / r : 0)),
    }
  }
  const a = perRequest(m)
  const b = perRequest(ref)
  const cells = (Object.keys(a) as (keyof typeof a)[]).map((k) => {
    const d = bootstrapMean(a[k].map((v, i) => v - b[k][i]!))
    const sign = (x: number) => (x >= 0 ? '+' : '') + x.toFixed(3)
    return `${k} ${sign(d.mean)} [${sign(d.low)}, ${sign(d.high)}]`
  })
  return `  ${m.name} − ${ref.name}: ${cells.join('  ')}`
}

/** The table of every mode: Recall@1/@10, MRR@10 (with intervals), Recall@100, books listed, time per query. */
export function printTable(results: ModeResult[], qs: Query[], poolSize: number) {
  const cell = (values: number[]) => {
    const b = bootstrapMean(values)
    return `${b.mean.toFixed(3)} [${b.low.toFixed(3)}, ${b.high.toFixed(3)}]`.padEnd(24)
  }
  console.log(
    `\n${'mode'.padEnd(44)}${'Recall@1'.padEnd(24)}${'Recall@10'.padEnd(24)}${'MRR@10'.padEnd(24)}` +
      `${'Recall@100'.padEnd(11)}` +
      `${'listed p50/p90/max'.padEnd(20)}ms/query`,
  )
  for (const m of results) {
    const ranks = qs.map((q, i) => rankIn(m.rankings[i]!, q))
    console.log(
      m.name.padEnd(44) +
        cell(ranks.map((r) => (r === 1 ? 1 : 0))) +
        cell(ranks.map((r) => (r <= 10 ? 1 : 0))) +
        cell(ranks.map((r) => (r <= 10 ? 1 / r : 0))) +
        mean(ranks.map((r) => (r <= 100 ? 1 : 0)))
          .toFixed(3)
          .padEnd(11) +
        (m.listed
          ? [0.5, 0.9].map((p) => quantile(m.listed!, p).toFixed(0)).join('/') + `/${Math.max(...m.listed)}`
          : ''
        ).padEnd(20) +
        (m.msPerQuery === undefined ? '' : m.msPerQuery.toFixed(1)),
    )
  }
  console.log(
    `(${qs.length} queries, pool ${poolSize} books; mean [95 % bootstrap interval: 1,000 resamples, fixed seed]; ` +
      `Recall@100: what a re-ranking of the first 100 books could reach at best; ` +
      `ms/query: keyword = surfaceSearch round trip, idea = rankBooks on cached idea vectors, + BM25 matchIdeas when fused)\n`,
  )
}
