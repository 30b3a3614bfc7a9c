import { availableParallelism } from 'node:os'
import usearch, { type IndexConfig } from 'usearch'
import { GraphBuilder } from './ann-graph-builder.js'
import {
  BookVectorIndex,
  DOT_SCALE,
  quantizeInto,
  type IdeaVectorIndex,
  type IndexMatches,
  type IndexSearchOptions,
} from './vector-index.js'

const { Index, MetricKind, ScalarKind } = usearch

/** IDEA_INDEX=auto switches to the approximate index from this many books (README "Idea search"). */
export const ANN_AUTO_BOOKS = 250_000

/** HNSW parameters: measured for recall@10 ≥ 0.95 against exact search (`npm run bench:search -- --ann`). */
export const ANN_DEFAULTS = {
  /** passage rows taken per idea from the graph; their books are then scored exactly */
  rowsPerIdea: 1000,
  /** graph degree */
  connectivity: 16,
  /** candidate list while inserting */
  expansionAdd: 64,
  /** candidate list while searching (at least rowsPerIdea) */
  expansionSearch: 1000,
} as const

export type AnnOptions = { -readonly [K in keyof typeof ANN_DEFAULTS]: number }

/** Rows waiting to be inserted: inserted in one multi-threaded batch before the next search or at this size. */
const BATCH_ROWS = 20_000

/**
 * The approximate index for large catalogues: a usearch HNSW graph over every passage row (int8, inner product;
 * all rows of a book under one key) finds, per idea, the rows nearest to it; the books owning them are the
 * candidates, and they are scored exactly (every row, every idea) by the exact index, which this one wraps and
 * keeps current. So every score shown is exact; what is approximate is only which books are looked at: a book
 * whose best passage for every idea lies outside the graph's `rowsPerIdea` nearest rows is missed.
 */
export class AnnBookVectorIndex implements IdeaVectorIndex {
  private graph: InstanceType<typeof Index>
  private readonly keyOf = new Map<string, bigint>()
  private readonly idOf = new Map<bigint, string>()
  private nextKey = 0n
  /** books whose rows are not in the graph yet: key and row count */
  private readonly pending = new Map<string, { key: bigint; rows: number }>()
  private pendingRows = 0
  private readonly threads = availableParallelism()
  /** while `building`: the thread the graph is built on, and the keys to drop from its graph once loaded */
  private builder: GraphBuilder | null = null
  private readonly staleKeys: bigint[] = []
  /** rowsPerIdea may be changed on a built graph (setRowsPerIdea); the others are fixed when it is made */
  readonly options: AnnOptions

  /** Wraps `exact` (a new one by default) and builds the graph from the books it already holds. */
  constructor(
    readonly exact: BookVectorIndex,
    options: Partial<AnnOptions> = {},
    buildNow = true,
  ) {
    this.options = { ...ANN_DEFAULTS, ...options }
    this.graph = new Index(this.graphConfig())
    for (const id of exact.bookIds()) this.queue(id)
    if (buildNow) this.flush()
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
  /** The exact index's memory; the graph's own (native) memory shows in the process's RSS only. */
  get memoryBytes() {
    return this.exact.memoryBytes
  }
  has(bookId: string) {
    return this.exact.has(bookId)
  }
  /** rows in the graph, removed ones excluded (tests and benches) */
  get graphRows() {
    return this.graph.size()
  }

  upsert(bookId: string, vectors: readonly Float32Array[]) {
    this.exact.upsert(bookId, vectors)
    this.unlink(bookId)
    if (vectors.length === 0) return
    this.queue(bookId)
    if (this.pendingRows >= BATCH_ROWS) this.flush(BATCH_ROWS)
  }

  close() {
    this.exact.close()
    void this.builder?.close()
  }

  /**
   * Changes how many rows per idea the graph hands to exact scoring, on the built graph (bench:search tries several
   * on one build; usearch widens its search list to at least this many rows).
   */
  setRowsPerIdea(rows: number) {
    this.options.rowsPerIdea = rows
  }

  remove(bookId: string) {
    this.exact.remove(bookId)
    this.unlink(bookId)
  }

  search(queries: readonly Float32Array[], opts: IndexSearchOptions): IndexMatches {
    if (this.vectorCount === 0 || queries.length === 0)
      return { bookIds: [], ideas: queries.length, cosines: new Float32Array(0) }
    this.flush()
    const k = Math.min(this.options.rowsPerIdea, this.graph.size())
    const q = new Int8Array(queries.length * this.dimensions)
    queries.forEach((v, i) => quantizeInto(v, q, i * this.dimensions))
    const found = this.graph.search(q, k, this.threads)
    const candidates = new Set<string>()
    for (const key of found.keys) {
      const id = this.idOf.get(key)
      if (id !== undefined) candidates.add(id)
    }
    const include = new Set(opts.include)
    for (const id of include) candidates.add(id)
    return passingFloor(this.exact.coverage([...candidates], queries), opts.floorCosine, include)
  }

  coverage(bookIds: readonly string[], queries: readonly Float32Array[]): IndexMatches {
    return this.exact.coverage(bookIds, queries)
  }

  /**
   * Inserts queued books' rows into the graph, in batches of BATCH_ROWS rows, each on every core: all of them,
   * or about `maxRows` (whole books). Nothing while the graph is built on its own thread (`building` drains the queue).
   */
  flush(maxRows = Infinity) {
    if (this.builder) return
    let done = 0
    while (this.pending.size > 0 && done < maxRows) {
      const batch = this.takeBatch()
      this.graph.add(batch.keys, batch.rows, this.threads)
      done += batch.keys.length
    }
  }

  /**
   * An approximate index over the books `exact` holds, its graph built on another thread (minutes at a million
   * books; ann-graph-builder.ts) with every core but one, so that the calling thread keeps serving: until the
   * promise resolves, keep searching `exact` but send every change through the returned index (it updates `exact`
   * too). Books changed meanwhile are queued again, and their old rows dropped once the graph is loaded.
   */
  static building(exact: BookVectorIndex, options: Partial<AnnOptions> = {}) {
    const ann = new AnnBookVectorIndex(exact, options, false)
    const builder = new GraphBuilder(ann.graphConfig(), Math.max(1, ann.threads - 1))
    ann.builder = builder
    const built = (async () => {
      try {
        while (ann.pending.size > 0) {
          const batch = ann.takeBatch()
          await builder.add(batch.keys, batch.rows)
        }
        ann.graph.load(await builder.save())
        ann.builder = null
        for (const key of ann.staleKeys.splice(0)) ann.graph.remove(key)
        ann.flush() // books queued while the graph was being saved
        return ann
      } finally {
        ann.builder = null
        await builder.close()
      }
    })()
    return { ann, built }
  }

  private graphConfig(): IndexConfig {
    return {
      dimensions: this.exact.dimensions,
      metric: MetricKind.IP,
      quantization: ScalarKind.I8,
      connectivity: this.options.connectivity,
      expansion_add: this.options.expansionAdd,
      expansion_search: Math.max(this.options.expansionSearch, this.options.rowsPerIdea),
      multi: true,
    }
  }

  /** Takes about BATCH_ROWS rows (whole books) off the queue: their keys, one per row, and the rows. */
  private takeBatch(): { keys: BigUint64Array<ArrayBuffer>; rows: Int8Array<ArrayBuffer> } {
    const dim = this.dimensions
    const batch: { key: bigint; rows: Int8Array }[] = []
    let size = 0
    for (const [id, entry] of this.pending) {
      if (size >= BATCH_ROWS) break
      const rows = this.exact.rowsOf(id)!
      batch.push({ key: entry.key, rows })
      size += rows.length / dim
      this.pending.delete(id)
      this.pendingRows -= entry.rows
    }
    const keys = new BigUint64Array(size)
    const rows = new Int8Array(size * dim)
    let at = 0
    for (const b of batch) {
      const n = b.rows.length / dim
      rows.set(b.rows, at * dim)
      keys.fill(b.key, at, at + n)
      at += n
    }
    return { keys, rows }
  }

  private queue(bookId: string) {
    const key = this.nextKey++ // keys are never reused: the graph keeps removed entries as tombstones
    const rows = this.exact.rowsOf(bookId)!.length / this.dimensions
    this.keyOf.set(bookId, key)
    this.idOf.set(key, bookId)
    this.pending.set(bookId, { key, rows })
    this.pendingRows += rows
  }

  private unlink(bookId: string) {
    const key = this.keyOf.get(bookId)
    if (key === undefined) return
    this.keyOf.delete(bookId)
    this.idOf.delete(key)
    const pending = this.pending.get(bookId)
    if (pending) {
      this.pending.delete(bookId)
      this.pendingRows -= pending.rows
    } else if (this.builder) this.staleKeys.push(key)
    else this.graph.remove(key)
  }
}

/** The matches whose best idea reaches the floor, compared as the exact index does (on int8 dot products). */
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
