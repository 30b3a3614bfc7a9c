import { BookScanKernel, int8Fill } from './kernel/book-scan.js'

/** Sample rows and directions `lift` is measured on */
const LIFT_PAIRS = 4000

/**
 * Clusters of the approximate index's projected rows (ann-vector-index.ts): unit centroids found by spherical
 * k-means on a sample, each row belonging to the centroid it leans on most (largest dot product). A search then
 * reads only the clusters whose centroids lean most towards its ideas (an inverted file, as FAISS's IVF indexes).
 *
 * Small clusters pick rows far better than large ones (at 100,000 books, reading a tenth of the rows found 94 % of
 * the top books with clusters of ~1,000 rows, and 76 % with clusters of ~4,000), so a million books take thousands.
 * Finding a row's cluster among thousands would cost as much as projecting it; the clusters are therefore two-level:
 * groups first (about the square root of the count), then clusters within the group, so that a row is compared
 * with a few hundred centroids, not thousands.
 */
export class RowClusters {
  /** the centroids as int8 rows, one slot each, to rank them in one kernel pass (`ranked`) */
  private kernel: BookScanKernel | null = null

  private constructor(
    /** the clusters' centroids, unit length, one after the other (`count` × `dimensions` floats) */
    readonly centroids: Float32Array,
    readonly dimensions: number,
    /** the groups' centroids */
    private readonly groups: Float32Array,
    /** the clusters of group g are [groupStart[g], groupStart[g + 1]) */
    private readonly groupStart: Int32Array,
    /** the sample vectors' mean length */
    readonly meanLength: number,
    /**
     * How much more than its cluster's centroid a row may score: of sample rows r against unit sample directions q,
     * the 90th percentile of r·q − |r| (centroid·q). A row of a cluster whose centroid scores s for a query q scores
     * up to about meanLength · s + lift · |q|.
     */
    readonly lift: number,
  ) {}

  /** What a row of a cluster whose centroid scores `score` for `query` may score against it (see `lift`). */
  rowScoreUpTo(score: number, query: Float32Array) {
    return this.meanLength * score + this.lift * Math.hypot(...query)
  }

  get count() {
    return this.centroids.length / this.dimensions
  }

  /**
   * About `count` clusters of `sample` (vectors of `dimensions` components; at least one), by `rounds` rounds of
   * spherical k-means at each level. `pause` is awaited between blocks of work.
   */
  static async of(
    sample: readonly Float32Array[],
    count: number,
    dimensions: number,
    rounds: number,
    pause: () => Promise<void> = async () => {},
  ): Promise<RowClusters> {
    if (sample.length === 0) throw new Error('clusters need at least one sample vector')
    const unit = sample.map(normalized)
    const total = Math.max(1, Math.min(count, unit.length))
    const groupCount = Math.max(1, Math.round(Math.sqrt(total)))
    const groups = await kMeans(unit, groupCount, dimensions, rounds, pause)
    const members: Float32Array[][] = Array.from({ length: groups.length / dimensions }, () => [])
    for (let at = 0; at < unit.length; at++) {
      members[nearestOf(groups, dimensions, unit[at]!, 0, groups.length / dimensions)]!.push(unit[at]!)
      if (at % 256 === 255) await pause()
    }
    const parts: Float32Array[] = []
    const groupStart = new Int32Array(members.length + 1)
    for (let g = 0; g < members.length; g++) {
      const share = Math.max(1, Math.round((total * members[g]!.length) / unit.length))
      const part = members[g]!.length > 0 ? await kMeans(members[g]!, share, dimensions, rounds, pause) : null
      // an empty group keeps its centroid as its one cluster
      parts.push(part ?? groups.slice(g * dimensions, (g + 1) * dimensions))
      groupStart[g + 1] = groupStart[g]! + parts.at(-1)!.length / dimensions
    }
    const centroids = new Float32Array(groupStart[members.length]! * dimensions)
    parts.forEach((part, g) => centroids.set(part, groupStart[g]! * dimensions))
    const meanLength = sample.reduce((sum, v) => sum + Math.hypot(...v), 0) / sample.length
    const clusters = new RowClusters(centroids, dimensions, groups, groupStart, meanLength, 0)
    const residuals = Array.from({ length: Math.min(LIFT_PAIRS, sample.length) }, (_, n) => {
      const r = sample[(n * 7919) % sample.length]!
      const q = unit[(n * 104_729 + 13) % unit.length]!
      const c = clusters.nearest(r)
      return dotAt(r, 0, q) - Math.hypot(...r) * dotAt(centroids, c * dimensions, q)
    }).sort((a, b) => a - b)
    const lift = Math.max(0, residuals[Math.floor(residuals.length * 0.9)] ?? 0)
    return new RowClusters(centroids, dimensions, groups, groupStart, meanLength, lift)
  }

  /**
   * The cluster of `vector`: of the clusters of the three groups it leans on most, the one it leans on
   * most (a row near the border of two groups often belongs to a cluster of the other).
   */
  nearest(vector: Float32Array): number {
    // the three best groups, in locals: this runs for every row of the catalogue
    let g1 = 0
    let g2 = 0
    let g3 = 0
    let d1 = -Infinity
    let d2 = -Infinity
    let d3 = -Infinity
    for (let g = 0; g + 1 < this.groupStart.length; g++) {
      const dot = dotAt(this.groups, g * this.dimensions, vector)
      if (dot > d2) {
        g3 = g2
        d3 = d2
        if (dot > d1) {
          g2 = g1
          d2 = d1
          g1 = g
          d1 = dot
        } else {
          g2 = g
          d2 = dot
        }
      } else if (dot > d3) {
        g3 = g
        d3 = dot
      }
    }
    const searched = d3 > -Infinity ? [g1, g2, g3] : d2 > -Infinity ? [g1, g2] : [g1]
    let best = 0
    let bestDot = -Infinity
    for (const g of searched)
      for (let c = this.groupStart[g]!; c < this.groupStart[g + 1]!; c++) {
        const dot = dotAt(this.centroids, c * this.dimensions, vector)
        if (dot > bestDot) {
          bestDot = dot
          best = c
        }
      }
    return best
  }

  /** Every cluster's centroid's dot product with `query`. */
  scores(query: Float32Array): Float32Array {
    const out = new Float32Array(this.count)
    for (let c = 0; c < out.length; c++) out[c] = dotAt(this.centroids, c * this.dimensions, query)
    return out
  }

  /** Cluster `c`'s centroid's dot product with `query`. */
  score(c: number, query: Float32Array) {
    return dotAt(this.centroids, c * this.dimensions, query)
  }

  /**
   * Per query (1-3), every cluster, the one whose centroid has the largest dot product with it first. The dot
   * products are the kernel's, of int8 roundings, and the clusters are ordered by RANK_LEVELS levels of them, not
   * sorted (a search ranks thousands of clusters: in JavaScript that took 4 ms at a million books, and sorting 9
   * more): clusters that score about the same may swap places.
   */
  ranked(queries: readonly Float32Array[]): Int32Array[] {
    const count = this.count
    const kernel = (this.kernel ??= this.centroidKernel())
    // an order does not change with a query's scale: each fills the int8 range the kernel rounds it to
    kernel.setQueries(queries.map((q) => scaled(q, int8Fill(q))))
    kernel.resetBest(0, count)
    kernel.scan(0, count)
    const dots = new Int32Array(count)
    const levels = new Int32Array(RANK_LEVELS + 1)
    return queries.map((_, i) => {
      let [low, high] = [Infinity, -Infinity]
      for (let c = 0; c < count; c++) {
        dots[c] = kernel.best(c, i)
        low = Math.min(low, dots[c]!)
        high = Math.max(high, dots[c]!)
      }
      // a counting sort by level, the highest first
      const levelOf = (dot: number) =>
        Math.floor(((high - dot) * (RANK_LEVELS - 1)) / Math.max(1, high - low))
      levels.fill(0)
      for (let c = 0; c < count; c++) levels[levelOf(dots[c]!) + 1]!++
      for (let l = 0; l < RANK_LEVELS; l++) levels[l + 1]! += levels[l]!
      const order = new Int32Array(count)
      for (let c = 0; c < count; c++) order[levels[levelOf(dots[c]!)]!++] = c
      return order
    })
  }

  private centroidKernel() {
    const kernel = new BookScanKernel(this.dimensions, this.count, this.count)
    const fill = int8Fill(this.centroids)
    for (let c = 0; c < this.count; c++)
      kernel.setRow(
        c,
        c,
        scaled(this.centroids.subarray(c * this.dimensions, (c + 1) * this.dimensions), fill),
      )
    return kernel
  }
}

/** Levels of dot products `ranked` orders clusters by: about one cluster a level at the most clusters (8,000). */
const RANK_LEVELS = 8192

const scaled = (v: Float32Array, factor: number) => v.map((x) => x * factor)

/** Centroids of `k` clusters of unit vectors, one after the other, by `rounds` rounds of spherical k-means. */
async function kMeans(
  unit: readonly Float32Array[],
  k: number,
  dimensions: number,
  rounds: number,
  pause: () => Promise<void>,
): Promise<Float32Array> {
  const count = Math.max(1, Math.min(k, unit.length))
  const centroids = new Float32Array(count * dimensions)
  // seeds spread over the sample (it is itself spread over the catalogue)
  for (let c = 0; c < count; c++) centroids.set(unit[Math.floor((c * unit.length) / count)]!, c * dimensions)
  for (let round = 0; round < rounds; round++) {
    const sums = new Float64Array(count * dimensions)
    const sizes = new Int32Array(count)
    for (let at = 0; at < unit.length; at++) {
      const v = unit[at]!
      const c = nearestOf(centroids, dimensions, v, 0, count)
      sizes[c]!++
      for (let j = 0; j < dimensions; j++) sums[c * dimensions + j]! += v[j]!
      if (at % 256 === 255) await pause()
    }
    // an empty cluster keeps its centroid
    for (let c = 0; c < count; c++)
      if (sizes[c]! > 0)
        centroids.set(normalized(sums.subarray(c * dimensions, (c + 1) * dimensions)), c * dimensions)
  }
  return centroids
}

/** Of centroids [from, to), the one with the largest dot product with `v` (ties: the first). */
function nearestOf(centroids: Float32Array, dimensions: number, v: Float32Array, from: number, to: number) {
  let best = from
  let bestDot = -Infinity
  for (let c = from; c < to; c++) {
    const dot = dotAt(centroids, c * dimensions, v)
    if (dot > bestDot) {
      bestDot = dot
      best = c
    }
  }
  return best
}

function dotAt(m: Float32Array, at: number, v: Float32Array) {
  // four sums, not one: the additions of one chain wait for each other, those of four do not
  let s0 = 0
  let s1 = 0
  let s2 = 0
  let s3 = 0
  let j = 0
  for (; j + 3 < v.length; j += 4) {
    s0 += m[at + j]! * v[j]!
    s1 += m[at + j + 1]! * v[j + 1]!
    s2 += m[at + j + 2]! * v[j + 2]!
    s3 += m[at + j + 3]! * v[j + 3]!
  }
  for (; j < v.length; j++) s0 += m[at + j]! * v[j]!
  return s0 + s1 + s2 + s3
}

function normalized(v: ArrayLike<number>): Float32Array {
  let norm = 0
  for (let j = 0; j < v.length; j++) norm += v[j]! * v[j]!
  norm = Math.sqrt(norm)
  const out = new Float32Array(v.length)
  if (norm > 0) for (let j = 0; j < v.length; j++) out[j] = v[j]! / norm
  return out
}
