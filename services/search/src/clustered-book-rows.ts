import { BookScanKernel, grownTo, QUANT_SCALE, ScanRanges } from './kernel/book-scan.js'
import type { RowClusters } from './row-clusters.js'

/**
 * Books per block of the layout: their best dot products (16 bytes a book, 256 KB a block) stay in the core's
 * cache (512 KB of L2 here) while the block's rows are read. Read in cluster order across all million books, nearly
 * every row's book is a cache miss (a search took 190-230 ms then). At 300,000 books, blocks of 65,536 books took
 * the scan 22 ms, of 16,384 16 ms, of 4,096 (more and shorter runs of rows) 29 ms.
 */
const BLOCK_BOOKS = 16_384

/**
 * The approximate index's projected rows (ann-vector-index.ts), stored cluster by cluster (row-clusters.ts), so that
 * a search scans only the clusters nearest its ideas.
 *
 * `layOut` numbers the books again by their first row's cluster, then orders the rows by block of books
 * (BLOCK_BOOKS book slots), then by cluster: a search reads, block after block, the runs of its clusters, and a
 * block's books being about the same things makes those runs fewer and longer. Blocks are shared out over the scan
 * threads, so no two threads write one book.
 * Rows of books added or replaced since go to a tail after them, which every search scans whole (on the calling
 * thread), until the tail grows past an eighth of the laid-out rows and `upsert` lays everything out again (a copy
 * of the rows: about a second at a million books). A book's rows are wherever their clusters are; `rowsOf`
 * remembers them, so removing a book frees just those rows (the scan skips them).
 */
export class ClusteredBookRows {
  private kernel: BookScanKernel
  /** the cluster of each row */
  private rowCluster: Int32Array
  /** rows [cellStart[b * K + c], cellStart[b * K + c + 1]) are block b's rows of cluster c (K clusters) */
  private cellStart: Int32Array
  /** laid-out rows per cluster, all blocks together */
  private clusterRows: Int32Array
  private laidOut = 0
  private used = 0
  private freed = 0
  private ids: (string | undefined)[] = []
  /** per slot, the number its book was upserted with, which `topBooks` answers */
  private tags: number[] = []
  private rowsOf: (Int32Array | undefined)[] = []
  private readonly slotOf = new Map<string, number>()
  private freeSlots: number[] = []
  private scoreTable: { scores: Float32Array; range: number } | null = null
  /** the ranges a search reads, and the tail's (reused) */
  private readonly toRead = new ScanRanges()
  private readonly tailToRead = new ScanRanges()
  /** slots [0, clearedSlots) hold no best dot product: cleared as the last search ranked them (`rank`'s clear) */
  private clearedSlots = 0
  /** rows the last `topBooks` read (benches, tests) */
  lastReadRows = 0

  constructor(
    readonly clusters: RowClusters,
    capacity: number,
    private readonly scanThreads: number,
    /** book slots per block (BLOCK_BOOKS; tests take fewer) */
    private readonly blockBooks = BLOCK_BOOKS,
  ) {
    this.kernel = new BookScanKernel(clusters.dimensions, capacity, Math.max(16, capacity >> 2), scanThreads)
    this.rowCluster = new Int32Array(this.kernel.rowCapacity)
    this.cellStart = new Int32Array(1)
    this.clusterRows = new Int32Array(clusters.count)
  }

  get bookCount() {
    return this.slotOf.size
  }
  get vectorCount() {
    return this.used - this.freed
  }
  /** rows added since the last layout, which every search scans */
  get tailRows() {
    return this.used - this.laidOut
  }
  get memoryBytes() {
    return this.kernel.memoryBytes + this.rowCluster.byteLength
  }
  /** Scan threads running beside the caller's (tests) */
  get scanHelpersReady() {
    return this.kernel.helpersReady
  }
  has(bookId: string) {
    return this.slotOf.has(bookId)
  }

  /** Sets how `topBooks` scores a best dot product (BookVectorIndex.setScoreTable). */
  setScoreTable(scores: Float32Array, range: number) {
    this.scoreTable = { scores, range }
    this.kernel.setScoreTable(scores, range)
  }

  /**
   * Sets a book's projected rows, replacing any it had; they go to the tail. `tag` is what `topBooks` names the book
   * by (the approximate index: the book's slot in the exact index, so that its candidates need no lookup by id).
   */
  upsert(bookId: string, rows: readonly Float32Array[], tag: number) {
    this.remove(bookId)
    if (rows.length === 0) return
    if (this.laidOut > 0 && this.tailRows + rows.length > this.laidOut / 8) this.layOut()
    this.reserve(rows.length)
    const slot = this.freeSlots.pop() ?? this.ids.length
    const positions = new Int32Array(rows.length)
    rows.forEach((row, n) => {
      const at = this.used++
      this.kernel.setRow(at, slot, row)
      this.rowCluster[at] = this.clusters.nearest(row)
      positions[n] = at
    })
    this.ids[slot] = bookId
    this.tags[slot] = tag
    this.rowsOf[slot] = positions
    this.slotOf.set(bookId, slot)
  }

  remove(bookId: string) {
    const slot = this.slotOf.get(bookId)
    if (slot === undefined) return
    for (const row of this.rowsOf[slot]!) this.kernel.freeRow(row)
    this.freed += this.rowsOf[slot]!.length
    this.ids[slot] = undefined
    this.rowsOf[slot] = undefined
    this.freeSlots.push(slot)
    this.slotOf.delete(bookId)
  }

  /**
   * The tags of about `count` books (at least that many, if held) with the highest key, as BookVectorIndex.topBooks
   * keys them, from the rows of the clusters nearest the queries, about `share` of the laid-out rows, and the tail.
   * The queries take clusters in turn, each its nearest not yet taken, so that every idea gets its own nearest
   * clusters. A book none of whose rows is read is not among them. One partly read is keyed by the rows read, each
   * idea's raised to what an unread row may score: about what a row of the nearest cluster not read scores. Otherwise
   * a book with a strong passage for one idea and its passage for another in a cluster not read would be judged
   * without it.
   */
  topBooks(
    queries: readonly Float32Array[],
    count: number,
    bonus: number,
    maxKey: number,
    share: number,
  ): number[] {
    if (this.vectorCount === 0 || queries.length === 0) return []
    const slots = this.ids.length
    this.kernel.setQueries(queries)
    // slots added since the last search, or all after a new kernel memory (layOut, reserve) or a failed search
    this.kernel.resetBest(Math.min(this.clearedSlots, slots), slots)
    this.clearedSlots = 0
    const floors = this.chooseRanges(queries, share)
    this.kernel.scanGroups(this.toRead)
    // the tail's books may be in any block: after the blocks, on this thread
    this.tailToRead.clear().add(this.laidOut, this.used)
    this.tailToRead.endGroup()
    this.kernel.scanGroups(this.tailToRead)
    this.lastReadRows = this.toRead.rows + this.tailToRead.rows
    const tags: number[] = []
    for (const slot of this.kernel.topSlots(slots, queries.length, count, bonus, maxKey, floors, true))
      if (this.ids[slot] !== undefined) tags.push(this.tags[slot]!)
    this.clearedSlots = slots
    return tags
  }

  /**
   * Lays every row out by block and cluster (the tail included), in a new kernel memory. The books are numbered
   * again first, in the order of their first row's cluster (clusters of a group are numbered together), so that a
   * block holds books about the same things: its rows lie in fewer clusters, in longer runs, and a search's
   * clusters fall in fewer blocks.
   */
  layOut() {
    const old = this.kernel
    const clusters = this.clusters.count
    const slotMap = this.renumberBooks()
    const cells = Math.ceil(Math.max(1, this.ids.length) / this.blockBooks) * clusters
    const cellOf = (r: number) =>
      Math.floor(slotMap[old.slotOfRow(r)]! / this.blockBooks) * clusters + this.rowCluster[r]!
    const start = new Int32Array(cells + 1)
    const clusterRows = new Int32Array(clusters)
    for (let r = 0; r < this.used; r++)
      if (old.slotOfRow(r) >= 0) {
        start[cellOf(r) + 1]!++
        clusterRows[this.rowCluster[r]!]!++
      }
    for (let c = 0; c < cells; c++) start[c + 1]! += start[c]!
    const live = start[cells]!
    const kernel = new BookScanKernel(
      this.clusters.dimensions,
      Math.max(16, Math.ceil(live * 1.125) + 16),
      old.slotCapacity,
      this.scanThreads,
    )
    const rowCluster = new Int32Array(kernel.rowCapacity)
    const next = start.slice()
    const moved = new Int32Array(this.used).fill(-1)
    for (let r = 0; r < this.used; r++) {
      if (old.slotOfRow(r) < 0) continue
      moved[r] = next[cellOf(r)]!++
      rowCluster[moved[r]!] = this.rowCluster[r]!
    }
    kernel.copyRowsFrom(old, moved, slotMap)
    for (const positions of this.rowsOf)
      if (positions) for (let n = 0; n < positions.length; n++) positions[n] = moved[positions[n]!]!
    old.close()
    if (this.scoreTable) kernel.setScoreTable(this.scoreTable.scores, this.scoreTable.range)
    this.kernel = kernel
    this.clearedSlots = 0
    this.rowCluster = rowCluster
    this.cellStart = start
    this.clusterRows = clusterRows
    this.laidOut = live
    this.used = live
    this.freed = 0
  }

  close() {
    this.kernel.close()
  }

  /**
   * Sets `toRead` to the laid-out row ranges to read, block by block (a group each: the runs of the clusters
   * taken, adjacent ones joined); returns per idea the int8 dot product a row of the nearest cluster not read may
   * have (none when every cluster is read).
   */
  private chooseRanges(queries: readonly Float32Array[], share: number) {
    const clusters = this.clusters.count
    const taken = new Uint8Array(clusters)
    const floors: number[] = []
    if (this.laidOut > 0) {
      const orders = this.clusters.ranked(queries)
      const budget = share * this.laidOut
      const next = orders.map(() => 0)
      const skipTaken = (i: number) => {
        while (next[i]! < orders[i]!.length && taken[orders[i]![next[i]!]!]) next[i]!++
        return next[i]! < orders[i]!.length
      }
      for (let rows = 0, turn = 0; rows < budget; turn = (turn + 1) % orders.length) {
        if (!skipTaken(turn)) break
        const c = orders[turn]![next[turn]!]!
        taken[c] = 1
        rows += this.clusterRows[c]!
      }
      queries.forEach((query, i) => {
        const unread = skipTaken(i) ? this.clusters.score(orders[i]![next[i]!]!, query) : null
        floors.push(
          unread === null
            ? -0x80000000
            : Math.round(this.clusters.rowScoreUpTo(unread, queries[i]!) * QUANT_SCALE * QUANT_SCALE),
        )
      })
    }
    const chosen = Int32Array.from(taken.keys()).filter((c) => taken[c] === 1)
    const start = this.cellStart
    this.toRead.clear()
    // blocks × clusters taken: ~90,000 cells at a million books, many empty or adjacent, so they are joined here
    // and only what remains goes through `add`
    for (let cell = 0; cell + 1 < start.length; cell += clusters) {
      let from = 0
      let to = 0
      for (let n = 0; n < chosen.length; n++) {
        const at = cell + chosen[n]!
        const first = start[at]!
        const end = start[at + 1]!
        if (first === end) continue
        if (first !== to) {
          this.toRead.add(from, to)
          from = first
        }
        to = end
      }
      this.toRead.add(from, to)
      this.toRead.endGroup()
    }
    return floors
  }

  /**
   * Numbers the books 0.. again, by the cluster of their first row (a counting sort), leaving no free slot; returns
   * each old slot's new number (-1 for a free one). `rowsOf`, `ids`, `tags` and `slotOf` follow; the kernel's rows
   * not yet.
   */
  private renumberBooks(): Int32Array {
    const clusters = this.clusters.count
    const keyOf = (slot: number) => this.rowCluster[this.rowsOf[slot]![0]!]!
    const start = new Int32Array(clusters + 1)
    this.rowsOf.forEach((rows, slot) => rows && start[keyOf(slot) + 1]!++)
    for (let c = 0; c < clusters; c++) start[c + 1]! += start[c]!
    const slotMap = new Int32Array(this.ids.length).fill(-1)
    const ids: (string | undefined)[] = new Array<string | undefined>(this.slotOf.size)
    const rowsOf: (Int32Array | undefined)[] = new Array<Int32Array | undefined>(this.slotOf.size)
    const tags = new Array<number>(this.slotOf.size)
    this.rowsOf.forEach((rows, slot) => {
      if (!rows) return
      const to = start[keyOf(slot)]!++
      slotMap[slot] = to
      ids[to] = this.ids[slot]
      tags[to] = this.tags[slot]!
      rowsOf[to] = rows
      this.slotOf.set(this.ids[slot]!, to)
    })
    this.ids = ids
    this.tags = tags
    this.rowsOf = rowsOf
    this.freeSlots = []
    return slotMap
  }

  /** Room for `extra` more rows and one more book. */
  private reserve(extra: number) {
    const rows = this.used + extra
    const slots = this.ids.length + 1
    const k = this.kernel
    if (rows <= k.rowCapacity && slots <= k.slotCapacity) return
    this.clearedSlots = 0
    k.resize(
      rows > k.rowCapacity ? Math.max(rows, Math.ceil(k.rowCapacity * 1.5)) : k.rowCapacity,
      slots > k.slotCapacity ? Math.ceil(k.slotCapacity * 1.5) : k.slotCapacity,
      this.used,
    )
    if (k.rowCapacity > this.rowCluster.length) this.rowCluster = grownTo(this.rowCluster, k.rowCapacity)
  }
}
