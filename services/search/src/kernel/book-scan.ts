import { BOOK_SCAN_WASM } from './book-scan.wasm.js'
import { ScanThreads, type KernelCall } from './scan-threads.js'

/**
 * Components of a unit sentence vector stay well inside ±0.5, so they are scaled by 254 and rounded to int8: the
 * cosine error this adds is about 0.001.
 */
export const QUANT_SCALE = 254

/** The int8 rounding of a unit vector, written at `out[offset]`. */
export function quantizeInto(vector: Float32Array, out: Int8Array | Int16Array, offset: number) {
  for (let j = 0; j < vector.length; j++) {
    const q = Math.round(vector[j]! * QUANT_SCALE)
    out[offset + j] = q > 127 ? 127 : q < -127 ? -127 : q
  }
}

/**
 * The factor that scales `values` so that the largest in magnitude is ±0.5, the widest the int8 rounding keeps
 * (0.5 · QUANT_SCALE = 127); 1 when all are 0. For vectors that are not unit sentence vectors, set as kernel rows or
 * queries: projected rows, projection directions, cluster centroids.
 */
export function int8Fill(values: Iterable<number>): number {
  let widest = 0
  for (const x of values) widest = Math.max(widest, Math.abs(x))
  return widest > 0 ? 0.5 / widest : 1
}
const PAGE = 65_536
/** Below every int8 dot product: a book no row was scored for. */
const NONE = -0x80000000
const IDEAS = 3
/** int32 a slot's best takes: the three ideas and a spare lane, so that the kernel updates it in one SIMD step */
const BEST_STRIDE = 4
/**
 * Below this many bytes of rows a scan stays on the calling thread: it takes a millisecond or two, and waking helpers
 * costs more than it saves on small catalogues. Bytes, not rows: 32,768 rows of the approximate index's 64
 * components, but a sixth of that of the model's 384, as when the exact index scores a few thousand candidates.
 */
export const PARALLEL_MIN_BYTES = 2 * 1024 * 1024
/** Row ranges one kernel call takes at most; `scanGroups` takes more in turns. */
export const MAX_SCAN_RANGES = 65_536

/**
 * Row ranges to scan ([from, to) pairs), in groups: a book's rows may be in several ranges, but all in one group.
 * Flat typed arrays, reused from search to search: the approximate index reads tens of thousands of short runs.
 */
export class ScanRanges {
  /** the pairs, from and to one after the other */
  pairs = new Int32Array(2048)
  count = 0
  /** group g is pairs [groupEnds[g - 1] or 0, groupEnds[g]) */
  groupEnds = new Int32Array(256)
  groups = 0
  /** rows all the ranges hold */
  rows = 0

  clear() {
    this.count = this.groups = this.rows = 0
    return this
  }

  /** Adds rows [from, to) to the open group (joined to its last range when they touch). */
  add(from: number, to: number) {
    if (to <= from) return
    this.rows += to - from
    const last = 2 * this.count - 1
    if (this.count > this.closedPairs() && this.pairs[last] === from) {
      this.pairs[last] = to
      return
    }
    if (2 * this.count + 2 > this.pairs.length) this.pairs = grown(this.pairs)
    this.pairs[2 * this.count] = from
    this.pairs[2 * this.count + 1] = to
    this.count++
  }

  /** Closes the open group (nothing when it is empty). */
  endGroup() {
    if (this.count === this.closedPairs()) return
    if (this.groups === this.groupEnds.length) this.groupEnds = grown(this.groupEnds)
    this.groupEnds[this.groups++] = this.count
  }

  /** Each range a group of its own (rows of one book each, or a run whose books start and end in it). */
  static each(ranges: Iterable<readonly [number, number]>) {
    const list = new ScanRanges()
    for (const [from, to] of ranges) {
      list.add(from, to)
      list.endGroup()
    }
    return list
  }

  private closedPairs() {
    return this.groups > 0 ? this.groupEnds[this.groups - 1]! : 0
  }
}

/** A copy of `array` with room for `length` values (at least its own). */
export function grownTo(array: Int32Array, length: number) {
  const grown = new Int32Array(length)
  grown.set(array)
  return grown
}

const grown = (array: Int32Array) => grownTo(array, array.length * 2)

/** The part of the WebAssembly JS API used here (@types/node 20 does not declare it; Node 20 has it all). */
interface WasmMemory {
  readonly buffer: ArrayBuffer
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object
  Memory: new (descriptor: { initial: number; maximum: number; shared: true }) => WasmMemory
  Instance: new (module: object, imports: { env: { memory: WasmMemory } }) => { exports: unknown }
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly

let compiled: object | undefined
const kernelModule = () => (compiled ??= new wasm.Module(Buffer.from(BOOK_SCAN_WASM, 'base64')))

interface Exports {
  scanList: (
    matrix: number,
    rowSlot: number,
    queries: number,
    best: number,
    stride: number,
    ranges: number,
    count: number,
  ) => void
  select: (best: number, slots: number, ideas: number, floor: number, out: number) => number
  rank: (
    best: number,
    slots: number,
    ideas: number,
    table: number,
    low: number,
    high: number,
    step: number,
    bonus: number,
    binScale: number,
    binLast: number,
    bins: number,
    histogram: number,
    floor0: number,
    floor1: number,
    floor2: number,
    clear: number,
  ) => void
  pick: (bins: number, slots: number, threshold: number, out: number) => number
}

/** Scores in the table `rank` reads (setScoreTable), and buckets of its keys. */
export const SCORE_TABLE_SIZE = 4096
export const RANK_BUCKETS = 4096

/** One thread's share of a scan: `count` row ranges from pair `first` of the ranges region. */
interface ScanPart {
  first: number
  count: number
}

const align = (n: number, to: number) => Math.ceil(n / to) * to

/**
 * The WebAssembly memory of book-scan.wat and typed views on it. Layout (byte offsets, each region 64-aligned):
 * queries (three int16 vectors), score table (float32) and rank histograms (int32, one per thread) for `rank`, row
 * ranges to scan (int32 pairs, MAX_SCAN_RANGES), best (four int32 per book slot: three ideas and a spare), selected
 * (int32 per slot), bins (int32 per slot, `rank`'s buckets), rowSlot (int32 per row), matrix (int8 rows of `stride`
 * bytes). Growing allocates a larger memory and copies the rows over.
 * The memory is shared, so that up to `maxThreads` threads scan parts of the rows at once (scan-threads.ts).
 */
export class BookScanKernel {
  /** bytes a row takes: the dimensions rounded up to the kernel's 16-byte blocks (the padding stays zero) */
  readonly stride: number
  private memory!: WasmMemory
  private exports!: Exports
  private offsets = {
    queries: 0,
    table: 0,
    histogram: 0,
    ranges: 0,
    best: 0,
    selected: 0,
    bins: 0,
    rowSlot: 0,
    matrix: 0,
  }
  private table!: Float32Array
  private histogram!: Uint32Array
  private ranges!: Int32Array
  /** set by setScoreTable: the dot products the table spans, -range to +range */
  private tableRange = 1
  private matrix!: Int8Array
  private rowSlot!: Int32Array
  private bestView!: Int32Array
  private selected!: Int32Array
  private queries!: Int16Array
  rowCapacity = 0
  slotCapacity = 0
  /** started with the first scan large enough to share */
  private threads: ScanThreads | null = null

  constructor(
    readonly dimensions: number,
    rows: number,
    slots: number,
    /** threads a large scan may use, this one included */
    readonly maxThreads = 1,
  ) {
    this.stride = align(dimensions, 16)
    this.resize(Math.max(1, rows), Math.max(1, slots), 0)
  }

  get memoryBytes() {
    return this.memory.buffer.byteLength
  }

  /** Reallocates for `rows` rows and `slots` books, keeping the first `keepRows` rows. */
  resize(rows: number, slots: number, keepRows: number) {
    const o = { ...this.offsets }
    o.table = align(IDEAS * this.stride * 2, 64)
    o.histogram = o.table + align(SCORE_TABLE_SIZE * 4, 64)
    o.ranges = o.histogram + align(RANK_BUCKETS * 4 * this.maxThreads, 64)
    o.best = o.ranges + MAX_SCAN_RANGES * 8
    o.selected = o.best + align(slots * BEST_STRIDE * 4, 64)
    o.bins = o.selected + align(slots * 4, 64)
    o.rowSlot = o.bins + align(slots * 4, 64)
    o.matrix = o.rowSlot + align(rows * 4, 64)
    const bytes = o.matrix + rows * this.stride
    const pages = Math.ceil(bytes / PAGE)
    if (pages > PAGE) throw new Error(`idea index of ${rows} rows exceeds WebAssembly's 4 GB`)
    const memory = new wasm.Memory({ initial: pages, maximum: pages, shared: true })
    const instance = new wasm.Instance(kernelModule(), { env: { memory } })
    const buffer = memory.buffer
    const rowSlot = new Int32Array(buffer, o.rowSlot, rows).fill(-1)
    const matrix = new Int8Array(buffer, o.matrix, rows * this.stride)
    const table = new Float32Array(buffer, o.table, SCORE_TABLE_SIZE)
    if (this.rowCapacity > 0) {
      table.set(this.table)
      rowSlot.set(this.rowSlot.subarray(0, keepRows))
      matrix.set(this.matrix.subarray(0, keepRows * this.stride))
    }
    this.memory = memory
    this.exports = instance.exports as Exports
    this.offsets = o
    this.rowSlot = rowSlot
    this.matrix = matrix
    this.bestView = new Int32Array(buffer, o.best, slots * BEST_STRIDE)
    this.selected = new Int32Array(buffer, o.selected, slots)
    this.queries = new Int16Array(buffer, o.queries, IDEAS * this.stride)
    this.table = table
    this.histogram = new Uint32Array(buffer, o.histogram, RANK_BUCKETS * this.maxThreads)
    this.ranges = new Int32Array(buffer, o.ranges, MAX_SCAN_RANGES * 2)
    this.rowCapacity = rows
    this.slotCapacity = slots
  }

  setRow(row: number, slot: number, vector: Float32Array) {
    quantizeInto(vector, this.matrix, row * this.stride)
    this.rowSlot[row] = slot
  }

  /** Zeroes a row and marks it free: the scan skips it. */
  freeRow(row: number) {
    this.matrix.fill(0, row * this.stride, (row + 1) * this.stride)
    this.rowSlot[row] = -1
  }

  moveRow(from: number, to: number) {
    this.matrix.copyWithin(to * this.stride, from * this.stride, (from + 1) * this.stride)
    this.rowSlot[to] = this.rowSlot[from]!
  }

  slotOfRow(row: number): number {
    return row < this.rowCapacity ? this.rowSlot[row]! : -1
  }

  /** The int8 view of a row (for exact rescoring elsewhere). */
  row(row: number): Int8Array {
    return this.matrix.subarray(row * this.stride, row * this.stride + this.dimensions)
  }

  /** Quantizes 1-3 ideas into the query area; fewer than three are padded with the first (never read back). */
  setQueries(queries: readonly Float32Array[]) {
    if (queries.length < 1 || queries.length > IDEAS)
      throw new Error(`1 to ${IDEAS} query ideas, got ${queries.length}`)
    this.queries.fill(0)
    for (let i = 0; i < IDEAS; i++) {
      const v = queries[i] ?? queries[0]!
      if (v.length !== this.dimensions)
        throw new Error(`query of ${v.length} dimensions, index has ${this.dimensions}`)
      quantizeInto(v, this.queries, i * this.stride)
    }
  }

  /**
   * Sets 1-3 int8 rows (already quantized, `dimensions` each, from `rows[offset]` on) as the queries, as
   * `setQueries` would set their float vectors: what projecting int8 rows takes (principal-projection.ts).
   */
  setQueryRows(rows: Int8Array, offset: number, count: number) {
    if (count < 1 || count > IDEAS) throw new Error(`1 to ${IDEAS} query rows, got ${count}`)
    this.queries.fill(0)
    for (let i = 0; i < IDEAS; i++) {
      const at = offset + (i < count ? i : 0) * this.dimensions
      this.queries.set(rows.subarray(at, at + this.dimensions), i * this.stride)
    }
  }

  /** Clears the best dot products of the given slots (scattered ones: a call to `fill` each cost more). */
  resetSlots(slots: ArrayLike<number>) {
    const best = this.bestView
    for (let n = 0; n < slots.length; n++) {
      const at = slots[n]! * BEST_STRIDE
      for (let i = 0; i < BEST_STRIDE; i++) best[at + i] = NONE
    }
  }

  /** Clears the best dot products of slots [from, to) before a scan. */
  resetBest(from: number, to: number) {
    this.bestView.fill(NONE, from * BEST_STRIDE, to * BEST_STRIDE)
  }

  /**
   * Scores rows [from, to), where a book's rows are contiguous, against the queries, keeping each book's best dot
   * product per idea: on this thread, or split at book boundaries over `maxThreads` threads when they hold
   * PARALLEL_MIN_BYTES or more.
   */
  scan(from: number, to: number) {
    this.scanGroups(ScanRanges.each(this.splitAtBooks(from, to, this.maxThreads)))
  }

  /**
   * Scores the rows of `list` like `scan`: with PARALLEL_MIN_BYTES of rows or more, its groups are shared out over
   * `maxThreads` threads, each taking consecutive groups of about as many rows. More than MAX_SCAN_RANGES ranges are
   * scanned in turns of at most that many (a group across two turns is read in two pieces, one after the other).
   */
  scanGroups(list: ScanRanges) {
    const { pairs, groupEnds } = list
    const threads = this.threadsFor(list.rows * this.stride)
    let g = 0
    for (let first = 0; first < list.count; first += MAX_SCAN_RANGES) {
      const end = Math.min(list.count, first + MAX_SCAN_RANGES)
      this.ranges.set(pairs.subarray(2 * first, 2 * end))
      let rows = 0
      for (let p = first; p < end; p++) rows += pairs[2 * p + 1]! - pairs[2 * p]!
      // a part ends at the end of the group that takes it past its share of the rows
      const parts: ScanPart[] = []
      let start = first
      let done = 0
      for (let p = first; p + 1 < end; p++) {
        done += pairs[2 * p + 1]! - pairs[2 * p]!
        while (g < list.groups && groupEnds[g]! < p + 1) g++
        if (
          g < list.groups &&
          groupEnds[g] === p + 1 &&
          parts.length + 1 < threads &&
          done >= (rows * (parts.length + 1)) / threads
        ) {
          parts.push({ first: start - first, count: p + 1 - start })
          start = p + 1
        }
      }
      parts.push({ first: start - first, count: end - start })
      if (rows > 0) this.scanParts(parts)
    }
  }

  /** Threads a call reading `bytes` takes: all, from PARALLEL_MIN_BYTES on. */
  private threadsFor(bytes: number) {
    return this.maxThreads < 2 || bytes < PARALLEL_MIN_BYTES ? 1 : this.maxThreads
  }

  private scanParts(parts: ScanPart[]) {
    const o = this.offsets
    this.runParts(
      parts.map(({ first, count }) => ({
        fn: 'scanList',
        args: [o.matrix, o.rowSlot, o.queries, o.best, this.stride, o.ranges + first * 8, count],
      })),
    )
  }

  /**
   * Runs the parts of a kernel call, on helper threads but the first. V8 runs new WebAssembly in its baseline
   * compiler and swaps in optimized code only at a call's start: the first search of a process (per thread) runs the
   * slower code (2.4x at 30,000 books), every later one the optimized.
   */
  private runParts(parts: KernelCall[]) {
    const runHere = ({ fn, args }: KernelCall) => {
      const call: (...a: number[]) => unknown = this.exports[fn]
      call(...args)
    }
    if (parts.length === 1) return runHere(parts[0]!)
    this.threads ??= new ScanThreads(kernelModule(), this.maxThreads - 1)
    this.threads.run(this.memory, parts, runHere)
  }

  /** Helper threads running (none until the first large scan starts them). */
  get helpersReady() {
    return this.threads?.ready ?? 0
  }

  /** Parts a helper thread failed (scanned again on the calling thread, so results stay exact). */
  get helperFailures() {
    return this.threads?.failures ?? 0
  }

  /** Stops the scan threads, if any were started. */
  close() {
    this.threads?.close()
    this.threads = null
  }

  /** Rows [from, to) in `parts` ranges of about equal size, each boundary moved forward to a book's first row. */
  private splitAtBooks(from: number, to: number, parts: number): [number, number][] {
    const ranges: [number, number][] = []
    let start = from
    for (let p = 1; p <= parts; p++) {
      let end = p === parts ? to : Math.max(start, from + Math.floor(((to - from) * p) / parts))
      while (
        end < to &&
        end > start &&
        this.rowSlot[end]! >= 0 &&
        this.rowSlot[end] === this.rowSlot[end - 1]
      )
        end++
      if (end > start) ranges.push([start, end])
      start = end
    }
    return ranges
  }

  /** Slots [0, slots) whose best dot product over the first `ideas` ideas is at least `floorDot`, in order. */
  select(slots: number, ideas: number, floorDot: number): Int32Array {
    const floor = Math.max(NONE + 1, Math.min(0x7fffffff, floorDot))
    const n = this.exports.select(this.offsets.best, slots, ideas, floor, this.offsets.selected)
    return this.selected.subarray(0, n)
  }

  /**
   * The scores `rank` turns best dot products into: SCORE_TABLE_SIZE of them, for dot products evenly spread from
   * -range to +range (those beyond take the end scores).
   */
  setScoreTable(scores: Float32Array, range: number) {
    if (scores.length !== SCORE_TABLE_SIZE) throw new Error(`a score table has ${SCORE_TABLE_SIZE} scores`)
    this.table.set(scores)
    this.tableRange = range
  }

  /**
   * After a scan: every slot's key, the sum of its first `ideas` best dot products' scores (setScoreTable) plus
   * `bonus` times the smallest, bucketed by `bucketsPerKey` (at most RANK_BUCKETS - 1); returns how many slots fell
   * in each bucket (a view, valid until the next rank). `pick` then takes the slots of the top buckets. With
   * `clear`, the slots' best dot products are cleared as they are read (resetBest for the next scan).
   */
  rank(
    slots: number,
    ideas: number,
    bonus: number,
    bucketsPerKey: number,
    floors: readonly number[] = [],
    clear = false,
  ): Uint32Array {
    const o = this.offsets
    // the table spans dot products -high..high; index = (dot + high) * step / 2^20, at most the last
    const high = Math.max(1, Math.floor(this.tableRange))
    const step = Math.floor(((SCORE_TABLE_SIZE - 1) * 2 ** 20) / (2 * high)) | 0
    // a part of the slots per thread, each counted in a histogram of its own, summed into the first
    const threads = this.threadsFor(slots * BEST_STRIDE * 4)
    const parts: KernelCall[] = []
    for (let t = 0; t < threads; t++) {
      const [from, to] = [Math.floor((slots * t) / threads), Math.floor((slots * (t + 1)) / threads)]
      parts.push({
        fn: 'rank',
        args: [
          o.best + from * BEST_STRIDE * 4,
          to - from,
          ideas,
          o.table,
          -high,
          high,
          step,
          bonus,
          bucketsPerKey,
          RANK_BUCKETS - 1,
          o.bins + from * 4,
          o.histogram + t * RANK_BUCKETS * 4,
          floors[0] ?? NONE,
          floors[1] ?? NONE,
          floors[2] ?? NONE,
          clear ? 1 : 0,
        ],
      })
    }
    this.runParts(parts)
    const histogram = this.histogram
    for (let t = 1; t < threads; t++)
      for (let b = 0; b < RANK_BUCKETS; b++) histogram[b]! += histogram[t * RANK_BUCKETS + b]!
    return histogram.subarray(0, RANK_BUCKETS)
  }

  /**
   * After a scan: about `count` slots of [0, slots) (at least that many, if there are) with the highest key, as
   * `rank` keys them (with `floors`) for keys of at most `maxKey`: the slots of the top buckets that hold `count`, in
   * slot order. Never those of bucket 0: keys near nothing, and the books a partial scan did not read.
   */
  topSlots(
    slots: number,
    ideas: number,
    count: number,
    bonus: number,
    maxKey: number,
    floors: readonly number[] = [],
    clear = false,
  ): Int32Array {
    const histogram = this.rank(slots, ideas, bonus, (RANK_BUCKETS - 1) / maxKey, floors, clear)
    let bucket = RANK_BUCKETS - 1
    for (let taken = histogram[bucket]!; bucket > 1 && taken < count; taken += histogram[bucket]!) bucket--
    return this.pick(slots, bucket)
  }

  /** Slots [0, slots) whose bucket in the last `rank` is at least `bucket`, in order. */
  pick(slots: number, bucket: number): Int32Array {
    const n = this.exports.pick(this.offsets.bins, slots, bucket, this.offsets.selected)
    return this.selected.subarray(0, n)
  }

  /**
   * Copies rows of `from` (a kernel of the same dimensions) here: row r to row to[r], for every r < to.length whose
   * `to` is not negative, with its slot (or slotMap[its slot]). Word by word: a typed-array copy per row costs ten
   * times more.
   */
  copyRowsFrom(from: BookScanKernel, to: Int32Array, slotMap?: Int32Array) {
    const words = this.stride >> 2
    const source = new Int32Array(from.matrix.buffer, from.matrix.byteOffset, from.rowCapacity * words)
    const target = new Int32Array(this.matrix.buffer, this.matrix.byteOffset, this.rowCapacity * words)
    for (let r = 0; r < to.length; r++) {
      const at = to[r]!
      if (at < 0) continue
      for (let w = 0; w < words; w++) target[at * words + w] = source[r * words + w]!
      this.rowSlot[at] = slotMap ? slotMap[from.rowSlot[r]!]! : from.rowSlot[r]!
    }
  }

  /** The best int8 dot product of a slot for idea i, from the last scan. */
  best(slot: number, idea: number): number {
    return this.bestView[slot * BEST_STRIDE + idea]!
  }
}
