import { statSync } from 'node:fs'
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

/**
 * HNSW parameters (`npm run bench:search -- --ann`): recall@10 against exact search 0.96 at 20,000 books, 0.81 at
 * 100,000 and 0.50 at 1,000,000 (README "Measured speed"): why `auto` switches only at ANN_AUTO_BOOKS.
 */
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

/** Threads `building` inserts with: every core but one, which is left to serving. */
export const annBuildThreads = () => Math.max(1, availableParallelism() - 1)

/** Rows waiting to be inserted: inserted in one multi-threaded batch before the next search or at this size. */
const BATCH_ROWS = 20_000

/**
 * The approximate index for large catalogues: a usearch HNSW graph over every passage row (int8, inner product;
 * each row under its own key, see nextRowKey) finds, per idea, the rows nearest to it; the books owning them are the
 * candidates, and they are scored exactly (every row, every idea) by the exact index, which this one wraps and
 * keeps current. So every score shown is exact; what is approximate is only which books are looked at: a book
 * whose best passage for every idea lies outside the graph's `rowsPerIdea` nearest rows is missed.
 */
export class AnnBookVectorIndex implements IdeaVectorIndex {
  private graph: InstanceType<typeof Index>
  /**
   * Row keys: each row inserted gets the next number, and a book's rows are inserted together, so its keys are one
   * run. Sequential keys, not usearch's multi-key mode or keys packing book and row: loading a graph rebuilds its
   * key table, in 40 ms for 60,000 sequential keys but in 1.4-2.3 s for those others (minutes at a million books).
   */
  private nextRowKey = 0
  /** the first key of each run, increasing, and the book whose rows it holds (undefined once they are removed) */
  private readonly runFirst: number[] = []
  private readonly runBook: (string | undefined)[] = []
  /** books whose rows have keys (in the graph, or on their way to it): their run */
  private readonly runOf = new Map<string, number>()
  /** books whose rows are not in the graph yet, with their row count */
  private readonly pending = new Map<string, number>()
  private pendingRows = 0
  private readonly threads = availableParallelism()
  /** while `building`: the thread the graph is built on, and the row keys to drop from its graph once loaded */
  private builder: GraphBuilder | null = null
  private readonly staleKeys: bigint[] = []
  /** the graph's size as `building` handed it over (vectors and links: about its memory); 0 if built here */
  graphBytes = 0
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
    const probes = queries.length > 1 ? [...queries, centroid(queries)] : queries
    const q = new Int8Array(probes.length * this.dimensions)
    probes.forEach((v, i) => quantizeInto(v, q, i * this.dimensions))
    const found = this.graph.search(q, k, this.threads)
    const candidates = new Set<string>()
    for (const key of found.keys) {
      const id = this.bookOfRow(Number(key))
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
    const builder = new GraphBuilder(ann.graphConfig(), annBuildThreads())
    ann.builder = builder
    const built = (async () => {
      try {
        while (ann.pending.size > 0) {
          const batch = ann.takeBatch()
          await builder.add(batch.keys, batch.rows)
        }
        const file = await builder.save()
        ann.graphBytes = statSync(file).size
        ann.graph.load(file)
        ann.builder = null
        if (ann.staleKeys.length > 0) ann.graph.remove(BigUint64Array.from(ann.staleKeys.splice(0)))
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
      multi: false, // one key per row: see nextRowKey
    }
  }

  /** Takes about BATCH_ROWS rows (whole books) off the queue, each book a new run of keys: the keys and the rows. */
  private takeBatch(): { keys: BigUint64Array<ArrayBuffer>; rows: Int8Array<ArrayBuffer> } {
    const dim = this.dimensions
    const books: Int8Array[] = []
    let size = 0
    for (const [id, count] of this.pending) {
      if (size >= BATCH_ROWS) break
      this.pending.delete(id)
      this.pendingRows -= count
      this.runOf.set(id, this.runFirst.length)
      this.runFirst.push(this.nextRowKey + size)
      this.runBook.push(id)
      const rows = this.exact.rowsOf(id)!
      books.push(rows)
      size += rows.length / dim
    }
    const keys = new BigUint64Array(size)
    for (let r = 0; r < size; r++) keys[r] = BigInt(this.nextRowKey + r)
    this.nextRowKey += size
    const rows = new Int8Array(size * dim)
    let at = 0
    for (const b of books) {
      rows.set(b, at)
      at += b.length
    }
    return { keys, rows }
  }

  /** The book a row key belongs to (the run starting at or before it), undefined if its rows were removed. */
  private bookOfRow(key: number): string | undefined {
    let lo = 0
    let hi = this.runFirst.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (this.runFirst[mid]! <= key) lo = mid
      else hi = mid - 1
    }
    return this.runBook[lo]
  }

  private queue(bookId: string) {
    const rows = this.exact.rowCount(bookId)
    this.pending.set(bookId, rows)
    this.pendingRows += rows
  }

  /** Forgets a book's rows: out of the queue, or out of the graph (once it is loaded, while building). */
  private unlink(bookId: string) {
    const count = this.pending.get(bookId)
    if (count !== undefined) {
      this.pending.delete(bookId)
      this.pendingRows -= count
    }
    const run = this.runOf.get(bookId)
    if (run === undefined) return
    this.runOf.delete(bookId)
    this.runBook[run] = undefined
    const first = this.runFirst[run]!
    const end = run + 1 < this.runFirst.length ? this.runFirst[run + 1]! : this.nextRowKey
    const keys = Array.from({ length: end - first }, (_, r) => BigInt(first + r))
    if (this.builder) this.staleKeys.push(...keys)
    else this.graph.remove(BigUint64Array.from(keys))
  }
}

/**
 * The ideas' mean direction (unit length): the graph is also asked for the rows nearest to it, because the best
 * books by Strut score match all the ideas fairly well, and such a book's passages are often none of the nearest to
 * any one idea, but near the middle of them.
 */
function centroid(queries: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(queries[0]!.length)
  for (const v of queries) for (let j = 0; j < out.length; j++) out[j]! += v[j]!
  let norm = 0
  for (const x of out) norm += x * x
  norm = Math.sqrt(norm) || 1
  for (let j = 0; j < out.length; j++) out[j]! /= norm
  return out
}

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
