import { availableParallelism } from 'node:os'
import usearch from 'usearch'

const { exactSearch, MetricKind } = usearch

/**
 * Every book vector of the catalogue in one int8 matrix, held in memory by each api process: 384 bytes a vector
 * (a quarter of float32), so 100,000 books of ~6 passages take ~230 MB. Components of a unit sentence vector
 * stay well inside ±0.5, so they are scaled by 254 and rounded: the cosine error this adds is about 0.001.
 * Scoring is exact, not approximate: usearch's SIMD brute force (`exactSearch`) ranks all rows per query idea.
 */
export const QUANT_SCALE = 254
const DOT_SCALE = QUANT_SCALE * QUANT_SCALE

function quantizeInto(vector: Float32Array, out: Int8Array, offset: number) {
  for (let j = 0; j < vector.length; j++) {
    const q = Math.round(vector[j]! * QUANT_SCALE)
    out[offset + j] = q > 127 ? 127 : q < -127 ? -127 : q
  }
}

export interface IndexSearchOptions {
  /** books with no passage at least this close (cosine) to any query idea are not candidates */
  floorCosine: number
  /** rows taken per query idea from the brute-force ranking: bounds the work for very broad ideas */
  rowsPerQuery?: number
}

export class BookVectorIndex {
  private matrix: Int8Array
  /** the book slot owning each row; -1 for a freed row (its vector is zeroed, so it never scores) */
  private rowSlot: Int32Array
  private used = 0
  private freed = 0
  private readonly books: ({ id: string; rows: number[] } | undefined)[] = []
  private readonly slotOf = new Map<string, number>()
  private readonly freeSlots: number[] = []
  private readonly threads = availableParallelism()

  constructor(
    readonly dimensions: number,
    capacity = 1024,
  ) {
    this.matrix = new Int8Array(capacity * dimensions)
    this.rowSlot = new Int32Array(capacity).fill(-1)
  }

  get bookCount() {
    return this.slotOf.size
  }
  get vectorCount() {
    return this.used - this.freed
  }
  /** bytes held by the matrix and its row map (allocated capacity) */
  get memoryBytes() {
    return this.matrix.byteLength + this.rowSlot.byteLength
  }
  has(bookId: string) {
    return this.slotOf.has(bookId)
  }

  /** Sets a book's vectors (unit length, `dimensions` long), replacing any it had. */
  upsert(bookId: string, vectors: readonly Float32Array[]) {
    this.remove(bookId)
    if (vectors.length === 0) return
    this.reserve(vectors.length)
    const slot = this.freeSlots.pop() ?? this.books.length
    const rows: number[] = []
    for (const v of vectors) {
      if (v.length !== this.dimensions)
        throw new Error(`vector of ${v.length} dimensions, index has ${this.dimensions}`)
      const row = this.used++
      quantizeInto(v, this.matrix, row * this.dimensions)
      this.rowSlot[row] = slot
      rows.push(row)
    }
    this.books[slot] = { id: bookId, rows }
    this.slotOf.set(bookId, slot)
  }

  remove(bookId: string) {
    const slot = this.slotOf.get(bookId)
    if (slot === undefined) return
    for (const row of this.books[slot]!.rows) {
      this.matrix.fill(0, row * this.dimensions, (row + 1) * this.dimensions)
      this.rowSlot[row] = -1
    }
    this.freed += this.books[slot]!.rows.length
    this.books[slot] = undefined
    this.freeSlots.push(slot)
    this.slotOf.delete(bookId)
  }

  /**
   * For every book with a passage at least `floorCosine` close to one of the query ideas: its best cosine per
   * idea (the coverage of each idea). Exact: each idea's rows are ranked by brute force, and an idea's
   * coverage of a candidate that idea's list missed is computed from the candidate's own rows.
   */
  search(queries: readonly Float32Array[], opts: IndexSearchOptions): Map<string, number[]> {
    const result = new Map<string, number[]>()
    if (this.vectorCount === 0 || queries.length === 0) return result
    const dim = this.dimensions
    const q = new Int8Array(queries.length * dim)
    queries.forEach((v, i) => quantizeInto(v, q, i * dim))
    const k = Math.min(opts.rowsPerQuery ?? 3000, this.used)
    const matches = exactSearch(
      this.matrix.subarray(0, this.used * dim),
      q,
      dim,
      k,
      MetricKind.IP,
      this.threads,
    )
    const { keys, distances } = matches
    const counts = 'counts' in matches ? matches.counts : [BigInt(keys.length)]

    const floorDot = opts.floorCosine * DOT_SCALE
    for (let qi = 0; qi < queries.length; qi++) {
      const n = Number(counts[qi])
      for (let j = 0; j < n; j++) {
        const dot = 1 - distances[qi * k + j]! // usearch's inner-product distance is 1 - dot
        if (dot < floorDot) break
        const slot = this.rowSlot[Number(keys[qi * k + j])]!
        if (slot < 0) continue
        const id = this.books[slot]!.id
        let cosines = result.get(id)
        if (!cosines) result.set(id, (cosines = new Array<number>(queries.length).fill(Number.NaN)))
        if (Number.isNaN(cosines[qi]!)) cosines[qi] = dot / DOT_SCALE // rows come best first
      }
    }
    for (const [id, cosines] of result) {
      for (let qi = 0; qi < queries.length; qi++)
        if (Number.isNaN(cosines[qi]!)) cosines[qi] = this.bestCosine(this.slotOf.get(id)!, q, qi)
    }
    return result
  }

  private bestCosine(slot: number, q: Int8Array, qi: number): number {
    const dim = this.dimensions
    const qo = qi * dim
    let best = -DOT_SCALE
    for (const row of this.books[slot]!.rows) {
      const o = row * dim
      let dot = 0
      for (let j = 0; j < dim; j++) dot += this.matrix[o + j]! * q[qo + j]!
      if (dot > best) best = dot
    }
    return best / DOT_SCALE
  }

  /** Room for `extra` more rows: compacts when a quarter of the rows are freed, else grows by half. */
  private reserve(extra: number) {
    const capacity = this.rowSlot.length
    if (this.used + extra <= capacity) return
    if (this.freed > this.used / 4) this.compact()
    if (this.used + extra <= this.rowSlot.length) return
    const next = Math.max(this.used + extra, Math.ceil(capacity * 1.5))
    const matrix = new Int8Array(next * this.dimensions)
    matrix.set(this.matrix.subarray(0, this.used * this.dimensions))
    const rowSlot = new Int32Array(next).fill(-1)
    rowSlot.set(this.rowSlot.subarray(0, this.used))
    this.matrix = matrix
    this.rowSlot = rowSlot
  }

  private compact() {
    const dim = this.dimensions
    let to = 0
    for (let from = 0; from < this.used; from++) {
      const slot = this.rowSlot[from]!
      if (slot < 0) continue
      if (from !== to) {
        this.matrix.copyWithin(to * dim, from * dim, (from + 1) * dim)
        this.rowSlot[to] = slot
        const rows = this.books[slot]!.rows
        rows[rows.indexOf(from)] = to
      }
      to++
    }
    this.matrix.fill(0, to * dim, this.used * dim)
    this.rowSlot.fill(-1, to, this.used)
    this.used = to
    this.freed = 0
  }
}
