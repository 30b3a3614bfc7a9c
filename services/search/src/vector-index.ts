import { availableParallelism } from 'node:os'
import { BookScanKernel, grownTo, QUANT_SCALE, ScanRanges } from './kernel/book-scan.js'

export { QUANT_SCALE, quantizeInto, SCORE_TABLE_SIZE } from './kernel/book-scan.js'

/**
 * Every book vector of the catalogue in one int8 matrix, held in memory by each api process: 384 bytes a vector
 * (a quarter of float32, QUANT_SCALE), so 100,000 books of ~6 passages take ~230 MB.
 * Scoring is exact, not approximate: one WebAssembly SIMD pass scores the (up to three) query ideas against every
 * row and keeps each book's best per idea (kernel/book-scan.wat); no JavaScript runs per row. A large catalogue's
 * rows are split over several threads (kernel/scan-threads.ts).
 */
export const DOT_SCALE = QUANT_SCALE * QUANT_SCALE
/**
 * Threads a large scan uses by default: every core, up to four (the scan reads the whole matrix, so more threads
 * mostly compete for memory bandwidth). IDEA_SCAN_THREADS sets it.
 */
export const defaultScanThreads = () => Math.min(4, availableParallelism())

/** Ideas scored in one pass: the product's three. */
export const MAX_QUERY_IDEAS = 3

export interface IndexSearchOptions {
  /** books with no passage at least this close (cosine) to any query idea are not candidates */
  floorCosine: number
  /**
   * books answered whatever their cosines (those the reader's words found: fusion may lift them over the floor);
   * the exact index reads them from the same pass instead of scoring them again
   */
  include?: readonly string[]
}

/**
 * Books with their best cosine per query idea, columnar: `cosines[b * ideas + i]` is book `bookIds[b]`'s best
 * cosine for idea i (its coverage of that idea).
 */
export interface IndexMatches {
  bookIds: string[]
  ideas: number
  cosines: Float32Array
}

/** What idea search needs of an index: the exact one below, or the approximate one (ann-vector-index.ts). */
export interface IdeaVectorIndex {
  readonly dimensions: number
  readonly bookCount: number
  readonly vectorCount: number
  /** bytes held for the vectors and their bookkeeping */
  readonly memoryBytes: number
  has(bookId: string): boolean
  upsert(bookId: string, vectors: readonly Float32Array[]): void
  remove(bookId: string): void
  /**
   * every book with a passage at least `floorCosine` close to one of the ideas, and every book of `include`, with
   * its coverage per idea
   */
  search(queries: readonly Float32Array[], opts: IndexSearchOptions): IndexMatches
  /** the exact coverage per idea of the given books (those in the index, in the order given) */
  coverage(bookIds: readonly string[], queries: readonly Float32Array[]): IndexMatches
  /** stops its threads, if any (it still answers afterwards) */
  close(): void
}

/** Cosines of book `b` in matches, one per idea. */
export function matchCosines(m: IndexMatches, b: number): number[] {
  // a loop, not Array.from(subarray): that took 1.3 µs a book, 4 ms of a search ranking 3,000 candidates
  const cosines = new Array<number>(m.ideas)
  for (let i = 0; i < m.ideas; i++) cosines[i] = m.cosines[b * m.ideas + i]!
  return cosines
}

const NO_MATCHES = (ideas: number): IndexMatches => ({ bookIds: [], ideas, cosines: new Float32Array(0) })

/** The exact index: brute force over every row, in WebAssembly SIMD. */
export class BookVectorIndex implements IdeaVectorIndex {
  private readonly kernel: BookScanKernel
  private used = 0
  private freed = 0
  /**
   * Per slot: its book's id (undefined when free), first row and row count. A book's rows are contiguous (upsert
   * appends them together and compaction keeps their order). Typed arrays, not an object per book: coverage reads
   * thousands of scattered slots, and each object was a cache miss of its own.
   */
  private readonly ids: (string | undefined)[] = []
  private firstRows: Int32Array
  private rowCounts: Int32Array
  private readonly slotOf = new Map<string, number>()
  private readonly freeSlots: number[] = []
  /** the row ranges of a coverage (reused) */
  private readonly coverageRanges = new ScanRanges()

  constructor(
    readonly dimensions: number,
    capacity = 1024,
    /** threads a scan of PARALLEL_MIN_BYTES of rows or more uses, this one included */
    readonly scanThreads = defaultScanThreads(),
  ) {
    this.kernel = new BookScanKernel(dimensions, capacity, Math.max(16, capacity >> 2), scanThreads)
    this.firstRows = new Int32Array(this.kernel.slotCapacity)
    this.rowCounts = new Int32Array(this.kernel.slotCapacity)
  }

  get bookCount() {
    return this.slotOf.size
  }
  get vectorCount() {
    return this.used - this.freed
  }
  /** bytes of the kernel's memory: matrix, row map, per-book scratch (allocated capacity) */
  get memoryBytes() {
    return this.kernel.memoryBytes
  }
  has(bookId: string) {
    return this.slotOf.has(bookId)
  }

  /** Sets a book's vectors (unit length, `dimensions` long), replacing any it had. */
  upsert(bookId: string, vectors: readonly Float32Array[]) {
    for (const v of vectors)
      if (v.length !== this.dimensions)
        throw new Error(`vector of ${v.length} dimensions, index has ${this.dimensions}`)
    this.remove(bookId)
    if (vectors.length === 0) return
    this.reserve(vectors.length)
    const slot = this.freeSlots.pop() ?? this.ids.length
    const first = this.used
    vectors.forEach((v, i) => this.kernel.setRow(first + i, slot, v))
    this.used += vectors.length
    this.ids[slot] = bookId
    this.firstRows[slot] = first
    this.rowCounts[slot] = vectors.length
    this.slotOf.set(bookId, slot)
  }

  remove(bookId: string) {
    const slot = this.slotOf.get(bookId)
    if (slot === undefined) return
    const first = this.firstRows[slot]!
    for (let r = first; r < first + this.rowCounts[slot]!; r++) this.kernel.freeRow(r)
    this.freed += this.rowCounts[slot]!
    this.ids[slot] = undefined
    this.rowCounts[slot] = 0
    this.freeSlots.push(slot)
    this.slotOf.delete(bookId)
  }

  /**
   * For every book with a passage at least `floorCosine` close to one of the query ideas: its best cosine per
   * idea. Exact in the index's int8 arithmetic: every row is scored against every idea.
   */
  search(queries: readonly Float32Array[], opts: IndexSearchOptions): IndexMatches {
    if (this.vectorCount === 0 || queries.length === 0) return NO_MATCHES(queries.length)
    this.scanAll(queries)
    const slots = this.kernel.select(this.ids.length, queries.length, Math.ceil(opts.floorCosine * DOT_SCALE))
    return this.matchesOf(this.withIncluded(slots, opts.include), queries.length)
  }

  /**
   * Sets how `topBooks` scores a book's best dot product for an idea: SCORE_TABLE_SIZE scores for dot products
   * evenly spread from -range to +range.
   */
  setScoreTable(scores: Float32Array, range: number) {
    this.kernel.setScoreTable(scores, range)
  }

  /**
   * About `count` books (at least that many, if held) with the highest key: the sum of their best dot product's
   * score per idea (setScoreTable) plus `bonus` times the smallest, for keys of at most `maxKey`. Every row is
   * scored; the keys are bucketed in the kernel (RANK_BUCKETS), and the books of the top buckets holding `count` are
   * taken, so a few more may come. What the approximate index picks its candidates by.
   */
  topBooks(queries: readonly Float32Array[], count: number, bonus: number, maxKey: number): string[] {
    if (this.vectorCount === 0 || queries.length === 0) return []
    this.scanAll(queries)
    const ids: string[] = []
    for (const slot of this.kernel.topSlots(this.ids.length, queries.length, count, bonus, maxKey)) {
      const id = this.ids[slot]
      if (id !== undefined) ids.push(id)
    }
    return ids
  }

  coverage(bookIds: readonly string[], queries: readonly Float32Array[]): IndexMatches {
    const slots: number[] = []
    for (const id of bookIds) {
      const slot = this.slotOf.get(id)
      if (slot !== undefined) slots.push(slot)
    }
    return this.coverageOfSlots(slots, queries)
  }

  /**
   * A book's slot: what `coverageOfSlots` takes (the approximate index keeps it beside the book's projected rows,
   * so that its candidates need no lookup by id). Held until the book is removed or upserted again.
   */
  bookSlot(bookId: string): number | undefined {
    return this.slotOf.get(bookId)
  }

  /** `coverage` of the books in the given slots (held books' slots, each once). */
  coverageOfSlots(slots: ArrayLike<number>, queries: readonly Float32Array[]): IndexMatches {
    if (queries.length === 0) return NO_MATCHES(0)
    if (slots.length === 0) return NO_MATCHES(queries.length)
    this.kernel.setQueries(queries)
    this.kernel.resetSlots(slots)
    // one kernel pass over the books' row ranges (each book a group of its own), not a scan per book
    const ranges = this.coverageRanges.clear()
    for (let n = 0; n < slots.length; n++) {
      const first = this.firstRows[slots[n]!]!
      ranges.add(first, first + this.rowCounts[slots[n]!]!)
      ranges.endGroup()
    }
    this.kernel.scanGroups(ranges)
    return this.matchesOf(slots, queries.length)
  }

  /** Scan threads running beside the caller's (started by the first scan of PARALLEL_MIN_BYTES of rows or more). */
  get scanHelpersReady() {
    return this.kernel.helpersReady
  }

  /** Scan parts a helper thread failed and the caller scanned again (0 unless something is wrong). */
  get scanHelperFailures() {
    return this.kernel.helperFailures
  }

  /** Stops the scan threads (the index stays usable, on one thread until a large scan starts them again). */
  close() {
    this.kernel.close()
  }

  /** The ids of the books held. */
  bookIds(): IterableIterator<string> {
    return this.slotOf.keys()
  }

  /** How many passage rows a book has (0 if it is not held). */
  rowCount(bookId: string): number {
    const slot = this.slotOf.get(bookId)
    return slot === undefined ? 0 : this.rowCounts[slot]!
  }

  /** A book's int8 rows, one after the other (`dimensions` bytes each): what an approximate index is built from. */
  rowsOf(bookId: string): Int8Array | undefined {
    const slot = this.slotOf.get(bookId)
    if (slot === undefined) return undefined
    const count = this.rowCounts[slot]!
    const out = new Int8Array(count * this.dimensions)
    for (let r = 0; r < count; r++) out.set(this.kernel.row(this.firstRows[slot]! + r), r * this.dimensions)
    return out
  }

  /** Scores every row against the queries: each book slot's best dot product per idea, in the kernel. */
  private scanAll(queries: readonly Float32Array[]) {
    this.kernel.setQueries(queries)
    this.kernel.resetBest(0, this.ids.length)
    this.kernel.scan(0, this.used)
  }

  /** The selected slots, then those of `include` not among them (each once). */
  private withIncluded(selected: Int32Array, include: readonly string[] | undefined): ArrayLike<number> {
    if (!include?.length) return selected
    const chosen = new Set<number>(selected)
    const slots = Array.from(selected)
    for (const id of include) {
      const slot = this.slotOf.get(id)
      if (slot === undefined || chosen.has(slot)) continue
      chosen.add(slot)
      slots.push(slot)
    }
    return slots
  }

  private matchesOf(slots: ArrayLike<number>, ideas: number): IndexMatches {
    const bookIds = new Array<string>(slots.length)
    const cosines = new Float32Array(slots.length * ideas)
    for (let b = 0; b < slots.length; b++) {
      const slot = slots[b]!
      bookIds[b] = this.ids[slot]!
      for (let i = 0; i < ideas; i++) cosines[b * ideas + i] = this.kernel.best(slot, i) / DOT_SCALE
    }
    return { bookIds, ideas, cosines }
  }

  /** Room for `extra` more rows and one more book: compacts when a quarter of the rows are freed, else grows. */
  private reserve(extra: number) {
    if (this.freed > 0 && this.used + extra > this.kernel.rowCapacity && this.freed > this.used / 4)
      this.compact()
    const rows = this.used + extra
    const slots = this.ids.length + 1
    if (rows <= this.kernel.rowCapacity && slots <= this.kernel.slotCapacity) return
    this.kernel.resize(
      rows > this.kernel.rowCapacity
        ? Math.max(rows, Math.ceil(this.kernel.rowCapacity * 1.5))
        : this.kernel.rowCapacity,
      slots > this.kernel.slotCapacity ? Math.ceil(this.kernel.slotCapacity * 1.5) : this.kernel.slotCapacity,
      this.used,
    )
    if (this.kernel.slotCapacity > this.firstRows.length) {
      this.firstRows = grownTo(this.firstRows, this.kernel.slotCapacity)
      this.rowCounts = grownTo(this.rowCounts, this.kernel.slotCapacity)
    }
  }

  private compact() {
    let to = 0
    let lastSlot = -1
    for (let from = 0; from < this.used; from++) {
      const slot = this.kernel.slotOfRow(from)
      if (slot < 0) continue
      if (slot !== lastSlot) {
        this.firstRows[slot] = to
        lastSlot = slot
      }
      if (from !== to) this.kernel.moveRow(from, to)
      to++
    }
    for (let r = to; r < this.used; r++) this.kernel.freeRow(r)
    this.used = to
    this.freed = 0
  }
}
