import { ClusteredBookRows } from './clustered-book-rows.js'
import { PrincipalProjection } from './principal-projection.js'
import { RowClusters } from './row-clusters.js'
import { BASE_SCALE, BONUS_WEIGHT, onBaseScale, strutScore, type CosineScale } from './strut-score.js'
import {
  BookVectorIndex,
  DOT_SCALE,
  MAX_QUERY_IDEAS,
  QUANT_SCALE,
  SCORE_TABLE_SIZE,
  type IdeaVectorIndex,
  type IndexMatches,
  type IndexSearchOptions,
} from './vector-index.js'

/** IDEA_INDEX=auto switches to the approximate index from this many books (docs/idea-search.md). */
export const ANN_AUTO_BOOKS = 250_000

/** Settings of the approximate index (`npm run bench:search -- --ann`; docs/benchmarks.md, "Measured speed"). */
export const ANN_DEFAULTS = {
  /** principal directions every row is projected onto (of the model's 384) */
  dimensions: 64,
  /** books taken from the projected scan, by their approximate hellaScore, and scored exactly */
  candidates: 7000,
  /** rows the projection is computed from */
  sampleRows: 8_000,
  /** the share of the projected rows a search reads: those of the clusters nearest its ideas */
  scanShare: 0.15,
} as const

/**
 * Rows a cluster of projected rows holds on average (row-clusters.ts: smaller ones pick the rows better), and the
 * most clusters (a search ranks them all per idea; MAX_SCAN_RANGES bounds it too).
 */
const ROWS_PER_CLUSTER = 1024
const MAX_CLUSTERS = 8000
/** Sample rows per cluster the clusters are found from, and rounds of k-means */
const CLUSTER_SAMPLE = 32
const CLUSTER_ROUNDS = 6

export type AnnOptions = { -readonly [K in keyof typeof ANN_DEFAULTS]: number }

/** Rows projected between two pauses of a build: a few milliseconds of work, so that requests keep being served. */
const ROWS_PER_PAUSE = 500

/** Hands the thread back to the event loop (pending requests run), then goes on. */
const pause = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * The approximate index for large catalogues. Every passage row is also held projected onto the catalogue's
 * principal directions (principal-projection.ts: 64 int8 components instead of 384) and grouped in clusters of
 * about a thousand rows (row-clusters.ts, clustered-book-rows.ts). A search reads the clusters nearest its ideas,
 * 15 % of the projected rows, in the same WebAssembly kernel as the exact index: every book read gets an
 * approximate coverage per idea, so an approximate hellaScore (the ranking's own formula, the ideas together). The
 * `candidates` best books by it are then scored exactly (every row, every idea) by the exact index, which this one
 * wraps and keeps current. So every score shown is exact; what is approximate is only which books are looked at: a
 * book whose passages lie in clusters far from the ideas, or whose projected rows understate it, can be missed.
 *
 * Unlike a graph of nearest passages per idea (HNSW, tried first: recall@10 0.50 at a million books), the candidates
 * are chosen by the same combination of ideas the ranking uses.
 */
export class AnnBookVectorIndex implements IdeaVectorIndex {
  private projection: PrincipalProjection | null = null
  /** the projected rows, one book per book of `exact`; null until `building` has projected them all */
  private projected: ClusteredBookRows | null = null
  /** projected rows while `building` fills them (books changed meanwhile go in at once) */
  private filling: ClusteredBookRows | null = null
  private closed = false
  /** `candidates` and `scanShare` may be changed on a built index (tune); the others are fixed when it is built */
  readonly options: AnnOptions

  private constructor(
    readonly exact: BookVectorIndex,
    options: Partial<AnnOptions>,
    /** the cosine scale of the model that made the vectors: the approximate scores are Strut scores, as rankBooks' */
    private readonly scale: CosineScale,
  ) {
    this.options = { ...ANN_DEFAULTS, ...options }
  }

  /**
   * An approximate index over the books `exact` holds. Its projection is computed and every row projected on this
   * thread, in slices of a few milliseconds between which requests are served (about eight minutes at a million
   * books): until the promise resolves, keep searching `exact`, but send every change through the returned index
   * (it updates `exact` too, and projects changed books at once).
   */
  static building(exact: BookVectorIndex, options: Partial<AnnOptions> = {}, scale = BASE_SCALE) {
    const ann = new AnnBookVectorIndex(exact, options, scale)
    return { ann, built: ann.build().then(() => ann) }
  }

  get dimensions() {
    return this.exact.dimensions
  }
  get bookCount() {
    return this.exact.bookCount
  }
  get vectorCount() {
    return this.exact.vectorCount
  }
  /** The exact index's memory and the projected rows' */
  get memoryBytes() {
    return this.exact.memoryBytes + this.projectedBytes
  }
  /** the share of the rows' energy the projection keeps, once built (benches) */
  get keptShare() {
    return this.projection?.keptShare ?? 0
  }
  /** projected rows the last search read (benches) */
  get lastReadRows() {
    return this.projected?.lastReadRows ?? 0
  }
  /** bytes of the projected rows alone (benches) */
  get projectedBytes() {
    return (this.projected ?? this.filling)?.memoryBytes ?? 0
  }
  has(bookId: string) {
    return this.exact.has(bookId)
  }

  upsert(bookId: string, vectors: readonly Float32Array[]) {
    this.exact.upsert(bookId, vectors)
    const target = this.projected ?? this.filling
    if (!target) return
    if (vectors.length === 0) target.remove(bookId)
    else target.upsert(bookId, this.projectBook(bookId), this.exact.bookSlot(bookId)!)
  }

  remove(bookId: string) {
    this.exact.remove(bookId)
    ;(this.projected ?? this.filling)?.remove(bookId)
  }

  close() {
    this.closed = true
    this.exact.close()
    this.projected?.close()
    this.filling?.close()
  }

  /** Changes how many books the projected scan hands to exact scoring, or how much it reads (bench:search). */
  tune(options: Partial<Pick<AnnOptions, 'candidates' | 'scanShare'>>) {
    Object.assign(this.options, options)
  }

  search(queries: readonly Float32Array[], opts: IndexSearchOptions): IndexMatches {
    if (!this.projected) return this.exact.search(queries, opts)
    const include = new Set(opts.include)
    // the approximate hellaScore: Strut scores (the table set at build) summed with the bonus, as strutScores does;
    // the candidates come as their slots in the exact index
    const candidates = new Set(
      this.projected.topBooks(
        queries.map((q) => this.projection!.project(q)),
        this.options.candidates,
        BONUS_WEIGHT,
        HELLA_MAX,
        this.options.scanShare,
      ),
    )
    for (const id of include) {
      const slot = this.exact.bookSlot(id)
      if (slot !== undefined) candidates.add(slot)
    }
    return passingFloor(this.exact.coverageOfSlots([...candidates], queries), opts.floorCosine, include)
  }

  coverage(bookIds: readonly string[], queries: readonly Float32Array[]): IndexMatches {
    return this.exact.coverage(bookIds, queries)
  }

  private async build() {
    const { exact, options } = this
    const sample = await this.sampleRows(options.sampleRows)
    const dimensions = Math.min(options.dimensions, exact.dimensions)
    const projection = await PrincipalProjection.of(sample, exact.dimensions, dimensions, pause)
    const clusterCount = Math.min(MAX_CLUSTERS, Math.max(1, Math.round(exact.vectorCount / ROWS_PER_CLUSTER)))
    const clusterSample: Float32Array[] = []
    for (const row of await this.sampleRows(clusterCount * CLUSTER_SAMPLE)) {
      clusterSample.push(projection.project(row))
      if (clusterSample.length % ROWS_PER_PAUSE === 0) await pause()
    }
    const clusters = await RowClusters.of(clusterSample, clusterCount, dimensions, CLUSTER_ROUNDS, pause)
    this.projection = projection
    this.filling = new ClusteredBookRows(clusters, exact.vectorCount + 1024, exact.scanThreads)
    // A projected int8 dot product is scale² · DOT_SCALE times the approximate cosine: the table of Strut scores
    // the kernel keys books by spans cosines -1 to 1.
    const range = projection.scale ** 2 * DOT_SCALE
    this.filling.setScoreTable(
      Float32Array.from({ length: SCORE_TABLE_SIZE }, (_, n) =>
        strutScore(onBaseScale(this.scale, (2 * n) / (SCORE_TABLE_SIZE - 1) - 1)),
      ),
      range,
    )
    // From here on upsert and remove keep `filling` current; books added before are in this list.
    const ids = [...exact.bookIds()]
    let rows = 0
    for (const id of ids) {
      if (this.closed) throw new Error('approximate index closed while building')
      // A book changed or removed meanwhile was handled by upsert/remove; one still held is projected as it is now.
      if (!exact.has(id) || this.filling.has(id)) continue
      const projectedRows = this.projectBook(id)
      this.filling.upsert(id, projectedRows, exact.bookSlot(id)!)
      rows += projectedRows.length
      if (rows >= ROWS_PER_PAUSE) {
        rows = 0
        await pause()
      }
    }
    if (this.closed) throw new Error('approximate index closed while building')
    this.filling.layOut()
    this.projected = this.filling
    this.filling = null
  }

  /** A book's rows as `exact` holds them (int8), projected. */
  private projectBook(bookId: string): Float32Array[] {
    return this.projection!.projectRows(this.exact.rowsOf(bookId)!)
  }

  /** About `count` rows spread over the catalogue (every k-th book's), as float vectors; pauses between books. */
  private async sampleRows(count: number): Promise<Float32Array[]> {
    const ids = [...this.exact.bookIds()]
    const dims = this.exact.dimensions
    const every = Math.max(1, Math.floor(this.exact.vectorCount / count))
    const sample: Float32Array[] = []
    for (let b = 0; b < ids.length; b += every) {
      const rows = this.exact.rowsOf(ids[b]!)!
      for (let at = 0; at < rows.length; at += dims) {
        const v = new Float32Array(dims)
        for (let j = 0; j < dims; j++) v[j] = rows[at + j]! / QUANT_SCALE
        sample.push(v)
      }
      if (sample.length % ROWS_PER_PAUSE < rows.length / dims) await pause()
    }
    return sample
  }
}

/** the largest hellaScore: three ideas of 100 and the bonus */
const HELLA_MAX = MAX_QUERY_IDEAS * 100 + BONUS_WEIGHT * 100

/** The books of `m` whose best idea reaches the floor, and those of `include` whatever their cosines. */
function passingFloor(m: IndexMatches, floorCosine: number, include: ReadonlySet<string>): IndexMatches {
  const floorDot = Math.ceil(floorCosine * DOT_SCALE)
  const keep: number[] = []
  for (let b = 0; b < m.bookIds.length; b++) {
    if (include.has(m.bookIds[b]!)) {
      keep.push(b)
      continue
    }
    let best = -Infinity
    for (let i = 0; i < m.ideas; i++)
      best = Math.max(best, Math.round(m.cosines[b * m.ideas + i]! * DOT_SCALE))
    if (best >= floorDot) keep.push(b)
  }
  const cosines = new Float32Array(keep.length * m.ideas)
  keep.forEach((b, n) => cosines.set(m.cosines.subarray(b * m.ideas, (b + 1) * m.ideas), n * m.ideas))
  return { bookIds: keep.map((b) => m.bookIds[b]!), ideas: m.ideas, cosines }
}
