import { EigenvalueDecomposition, Matrix } from 'ml-matrix'
import { BookScanKernel, int8Fill, QUANT_SCALE } from './kernel/book-scan.js'

/**
 * A projection of the catalogue's vectors onto their principal directions: the few (say 64 of 384) directions
 * along which the catalogue's rows vary most. Dot products of projected vectors approximate the full ones (they
 * keep the largest part of each), at a sixth of the arithmetic: what lets the approximate index (ann-vector-index.ts)
 * look at every book cheaply before scoring the best few exactly.
 *
 * Built from a sample of rows: the eigenvectors of their second-moment matrix (not centred, so that the
 * catalogue's common direction, along which every sentence vector leans, is kept as the first component).
 */
export class PrincipalProjection {
  /** the directions as rows of the idea-search kernel, for projecting int8 rows three at a time (projectRows) */
  private kernel: { scan: BookScanKernel; factors: Float32Array } | null = null

  private constructor(
    /** the directions, one after the other (`dimensions` × `from` floats), times `scale` */
    private readonly directions: Float32Array,
    readonly from: number,
    readonly dimensions: number,
    /**
     * The factor every projection carries, so that the projected components of the sample stay within ±0.5, the
     * range the index's int8 quantisation keeps (QUANT_SCALE): a projected dot product is `scale²` times the
     * approximate cosine.
     */
    readonly scale: number,
    /**
     * The share of the sample's energy (sum of squared components) the projection keeps: its eigenvalues' share of
     * the sum of all (the second-moment matrix's trace).
     */
    readonly keptShare: number,
  ) {}

  /**
   * The `dimensions` principal directions of `sample` (vectors of `from` components). `pause` is awaited between
   * blocks of work, so that a caller serving requests on the same thread can keep doing so.
   */
  static async of(
    sample: readonly ArrayLike<number>[],
    from: number,
    dimensions: number,
    pause: () => Promise<void> = async () => {},
  ): Promise<PrincipalProjection> {
    if (sample.length === 0) throw new Error('a projection needs at least one sample vector')
    if (dimensions > from) throw new Error(`cannot project ${from} dimensions onto ${dimensions}`)
    const moments = new Float64Array(from * from)
    for (let at = 0; at < sample.length; at++) {
      const v = sample[at]!
      for (let i = 0; i < from; i++) {
        const vi = v[i]!
        if (vi === 0) continue
        const row = i * from
        for (let j = i; j < from; j++) moments[row + j]! += vi * v[j]!
      }
      if (at % 200 === 199) await pause()
    }
    const square = Matrix.zeros(from, from)
    for (let i = 0; i < from; i++)
      for (let j = i; j < from; j++) {
        square.set(i, j, moments[i * from + j]!)
        square.set(j, i, moments[i * from + j]!)
      }
    await pause()
    const eigen = new EigenvalueDecomposition(square, { assumeSymmetric: true })
    const values = eigen.realEigenvalues
    const vectors = eigen.eigenvectorMatrix
    const largest = values
      .map((value, column) => ({ value, column }))
      .sort((a, b) => b.value - a.value)
      .slice(0, dimensions)
    const directions = new Float32Array(dimensions * from)
    largest.forEach(({ column }, k) => {
      for (let j = 0; j < from; j++) directions[k * from + j] = vectors.get(j, column)
    })
    const total = values.reduce((sum, value) => sum + value, 0)
    const kept = largest.reduce((sum, { value }) => sum + value, 0)
    const keptShare = total > 0 ? kept / total : 0
    const unscaled = new PrincipalProjection(directions, from, dimensions, 1, keptShare)
    const scale = int8Fill(sample.map((v) => Math.max(...unscaled.project(v).map(Math.abs))))
    for (let n = 0; n < directions.length; n++) directions[n]! *= scale
    return new PrincipalProjection(directions, from, dimensions, scale, keptShare)
  }

  /**
   * The projections of int8 rows (QUANT_SCALE, `from` components each, one after the other), by the idea-search
   * kernel: the directions are its rows and the rows its queries, three a pass. About 2 µs a row where `project`
   * takes 80 (a million books' rows in a minute rather than eight), at the price of rounding the directions to
   * int8 too: each is scaled to fill the int8 range first, so the projected components differ from `project`'s by
   * about 1 % of their spread.
   */
  projectRows(rows: Int8Array): Float32Array[] {
    const { scan, factors } = (this.kernel ??= this.directionKernel())
    const count = rows.length / this.from
    const out: Float32Array[] = []
    for (let at = 0; at < count; at += 3) {
      const batch = Math.min(3, count - at)
      scan.setQueryRows(rows, at * this.from, batch)
      scan.resetBest(0, this.dimensions)
      scan.scan(0, this.dimensions)
      for (let i = 0; i < batch; i++) {
        const projected = new Float32Array(this.dimensions)
        for (let k = 0; k < this.dimensions; k++) projected[k] = scan.best(k, i) * factors[k]!
        out.push(projected)
      }
    }
    return out
  }

  private directionKernel() {
    const scan = new BookScanKernel(this.from, this.dimensions, this.dimensions, 1)
    const factors = new Float32Array(this.dimensions)
    for (let k = 0; k < this.dimensions; k++) {
      const direction = this.directions.subarray(k * this.from, (k + 1) * this.from)
      const fill = int8Fill(direction)
      scan.setRow(
        k,
        k,
        direction.map((x) => x * fill),
      )
      // kernel dot = QUANT_SCALE² · fill · (direction · row): back to direction · row
      factors[k] = 1 / (QUANT_SCALE * QUANT_SCALE * fill)
    }
    return { scan, factors }
  }

  /** The projection of `vector` (times `scale`), or of `vector[offset…]` times `factor` (int8 rows: 1/QUANT_SCALE). */
  project(vector: ArrayLike<number>, offset = 0, factor = 1): Float32Array {
    const out = new Float32Array(this.dimensions)
    const from = this.from
    const whole = from - (from % 4)
    const d = this.directions
    for (let k = 0; k < this.dimensions; k++) {
      const base = k * from
      // four sums, not one: the additions of one chain wait for each other, those of four do not
      let s0 = 0
      let s1 = 0
      let s2 = 0
      let s3 = 0
      let j = 0
      for (; j < whole; j += 4) {
        s0 += d[base + j]! * vector[offset + j]!
        s1 += d[base + j + 1]! * vector[offset + j + 1]!
        s2 += d[base + j + 2]! * vector[offset + j + 2]!
        s3 += d[base + j + 3]! * vector[offset + j + 3]!
      }
      for (; j < from; j++) s0 += d[base + j]! * vector[offset + j]!
      out[k] = (s0 + s1 + s2 + s3) * factor
    }
    return out
  }
}
