/** Small statistics for the benchmarks: seeded randomness, percentiles, bootstrap intervals. */

import { seededRandom } from '@bookstrut/core/testing'

export { seededRandom }

/** A standard normal sample (Box-Muller). */
export function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
}

/** The p-quantile (0-1) of `values` by linear interpolation; NaN when empty. */
export function quantile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const at = (sorted.length - 1) * p
  const lo = Math.floor(at)
  const hi = Math.ceil(at)
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo)
}

export const mean = (values: readonly number[]) =>
  values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length

/**
 * The mean of `values` with a percentile bootstrap 95 % interval: `resamples` draws with replacement, from a
 * fixed seed, so two runs on the same queries print the same interval.
 */
export function bootstrapMean(
  values: readonly number[],
  resamples = 1000,
  seed = 20261123,
): { mean: number; low: number; high: number } {
  const random = seededRandom(seed)
  const n = values.length
  const means: number[] = []
  for (let r = 0; r < resamples; r++) {
    let sum = 0
    for (let i = 0; i < n; i++) sum += values[Math.floor(random() * n)]!
    means.push(sum / n)
  }
  return { mean: mean(values), low: quantile(means, 0.025), high: quantile(means, 0.975) }
}

/** The dot product of two vectors of one length (their cosine when both are unit length). */
export function dot(a: Float32Array, b: Float32Array): number {
  let s = 0
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!
  return s
}
