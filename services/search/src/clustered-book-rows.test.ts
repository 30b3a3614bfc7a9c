import { describe, expect, it } from 'vitest'
import { ClusteredBookRows } from './clustered-book-rows.js'
import { PARALLEL_MIN_BYTES, ScanRanges } from './kernel/book-scan.js'
import { RowClusters } from './row-clusters.js'
import { clusteredVectors } from './test/clustered-vectors.js'
import { BookVectorIndex, SCORE_TABLE_SIZE } from './vector-index.js'

const dims = 24
/** a score table like the approximate index's: dot products -range..range scored by their cosine */
const RANGE = 254 * 254
const table = Float32Array.from({ length: SCORE_TABLE_SIZE }, (_, n) => (100 * n) / (SCORE_TABLE_SIZE - 1))
const BONUS = 0.5
const MAX_KEY = 350

type Book = { id: string; vectors: Float32Array[] }
const makeBooks = (count: number, seed: number, topics = 30): Book[] => {
  const pool = clusteredVectors(count * 4, dims, seed, topics)
  return Array.from({ length: count }, (_, i) => ({
    id: `b${seed}-${i}`,
    vectors: pool.slice(i * 4, i * 4 + 1 + (i % 4)),
  }))
}

async function both(list: Book[], threads = 1, blockBooks?: number) {
  const clusters = await RowClusters.of(
    list.flatMap((b) => b.vectors),
    32,
    dims,
    4,
  )
  const clustered = new ClusteredBookRows(clusters, 64, threads, blockBooks)
  const contiguous = new BookVectorIndex(dims, 64, 1)
  clustered.setScoreTable(table, RANGE)
  contiguous.setScoreTable(table, RANGE)
  for (const b of list) {
    clustered.upsert(b.id, b.vectors, tag(b.id))
    contiguous.upsert(b.id, b.vectors)
  }
  return { clustered, contiguous }
}

const sorted = (ids: string[]) => [...ids].sort()

/** the tags the clustered rows name books by: a number per book id, and back */
const tagOf = new Map<string, number>()
const idOfTag: string[] = []
const tag = (id: string) => tagOf.get(id) ?? (tagOf.set(id, idOfTag.length), idOfTag.push(id) - 1)
const sortedIds = (tags: number[]) => sorted(tags.map((t) => idOfTag[t]!))

describe('ClusteredBookRows', () => {
  const books = makeBooks(600, 1)
  const queries = clusteredVectors(3, dims, 77, 30)

  it('reading every cluster, picks the books the book-by-book kernel picks, before and after layout', async () => {
    const { clustered, contiguous } = await both(books)
    const same = (q: Float32Array[]) =>
      expect(sortedIds(clustered.topBooks(q, 40, BONUS, MAX_KEY, 1))).toEqual(
        sorted(contiguous.topBooks(q, 40, BONUS, MAX_KEY)),
      )
    // all rows in the tail, then laid out by cluster: a book's rows are now apart
    expect(clustered.tailRows).toBe(clustered.vectorCount)
    same(queries)
    clustered.layOut()
    expect(clustered.tailRows).toBe(0)
    same(queries)
    same(queries.slice(0, 1))
    // replaced (to the tail), removed (rows freed where they lie), added
    const other = makeBooks(40, 2)
    books.slice(0, 30).forEach((b, i) => {
      clustered.upsert(b.id, other[i]!.vectors, tag(b.id))
      contiguous.upsert(b.id, other[i]!.vectors)
    })
    for (const b of books.slice(30, 60)) {
      clustered.remove(b.id)
      contiguous.remove(b.id)
    }
    for (const b of other.slice(30)) {
      clustered.upsert(b.id, b.vectors, tag(b.id))
      contiguous.upsert(b.id, b.vectors)
    }
    expect(clustered.tailRows).toBeGreaterThan(0)
    expect(clustered.bookCount).toBe(contiguous.bookCount)
    expect(clustered.vectorCount).toBe(contiguous.vectorCount)
    same(queries)
    clustered.layOut()
    same(queries)
    same(other[3]!.vectors.slice(0, 2))
  })

  it('lays everything out again once the tail passes an eighth of the rows', async () => {
    const { clustered } = await both(books)
    clustered.layOut()
    const laidOut = clustered.vectorCount
    for (const b of makeBooks(100, 3)) clustered.upsert(b.id, b.vectors, tag(b.id))
    // at most an eighth waits in the tail; the rest was laid out when it overflowed
    expect(clustered.tailRows).toBeLessThanOrEqual(laidOut / 8 + 4)
    expect(clustered.tailRows).toBeLessThan(clustered.vectorCount - laidOut)
  })

  it('with a share, reads only the clusters nearest the ideas, where the best books are', async () => {
    const { clustered } = await both(books)
    clustered.layOut()
    // ideas of the catalogue's topics (drawn after its rows)
    const ideas = clusteredVectors(2400 + 6, dims, 1, 30).slice(2400)
    let found = 0
    for (const q of [ideas.slice(0, 1), ideas.slice(1, 2), ideas.slice(2, 4), ideas.slice(3, 6)]) {
      const best = clustered.topBooks(q, 10, BONUS, MAX_KEY, 1)
      expect(clustered.lastReadRows).toBe(clustered.vectorCount)
      const read = new Set(clustered.topBooks(q, 10, BONUS, MAX_KEY, 0.3))
      found += best.filter((id) => read.has(id)).length / best.length
      // the share, and at most a cluster more per idea (whole clusters are read)
      expect(clustered.lastReadRows).toBeGreaterThanOrEqual(0.3 * clustered.vectorCount)
      expect(clustered.lastReadRows).toBeLessThan(0.45 * clustered.vectorCount)
    }
    expect(found / 4).toBeGreaterThanOrEqual(0.9)
  })

  it('shares the blocks of books out over threads and picks what one thread picks', async () => {
    const many = makeBooks(28_000, 6) // ~70,000 rows of 32 bytes (24 components padded): above PARALLEL_MIN_BYTES
    const one = await both(many, 1)
    const two = await both(many, 2, 2000) // 14 blocks
    const replaced = makeBooks(500, 7)
    try {
      one.clustered.layOut()
      two.clustered.layOut()
      // and a tail, whose books are in every block
      many.slice(0, 500).forEach((b, i) => {
        one.clustered.upsert(b.id, replaced[i]!.vectors, tag(b.id))
        two.clustered.upsert(b.id, replaced[i]!.vectors, tag(b.id))
      })
      expect(two.clustered.tailRows).toBeGreaterThan(0)
      expect(two.clustered.vectorCount * 32).toBeGreaterThanOrEqual(PARALLEL_MIN_BYTES)
      for (const share of [1, 0.5])
        for (const q of [queries, queries.slice(0, 2)]) {
          const want = sortedIds(one.clustered.topBooks(q, 300, BONUS, MAX_KEY, share))
          expect(want.length).toBeGreaterThanOrEqual(300)
          // the first large scans start the helper; their parts are scanned here meanwhile
          for (let round = 0; round < 20; round++)
            expect(sortedIds(two.clustered.topBooks(q, 300, BONUS, MAX_KEY, share))).toEqual(want)
        }
      for (let i = 0; i < 500 && two.clustered.scanHelpersReady < 1; i++)
        await new Promise((r) => setTimeout(r, 10))
      expect(two.clustered.scanHelpersReady).toBe(1)
      expect(one.clustered.scanHelpersReady).toBe(0)
      for (const share of [1, 0.5])
        expect(sortedIds(two.clustered.topBooks(queries, 300, BONUS, MAX_KEY, share))).toEqual(
          sortedIds(one.clustered.topBooks(queries, 300, BONUS, MAX_KEY, share)),
        )
    } finally {
      one.clustered.close()
      two.clustered.close()
    }
  })
})

describe('RowClusters', () => {
  it('puts each topic of a sample in its own clusters, and a vector in the cluster it leans on most', async () => {
    const topics = 6
    const sample = clusteredVectors(1200, dims, 9, topics)
    const clusters = await RowClusters.of(sample, 24, dims, 5)
    expect(clusters.count).toBeGreaterThanOrEqual(12)
    expect(clusters.count).toBeLessThanOrEqual(36)
    const members = new Map<number, number[]>()
    sample.forEach((v, i) => {
      const c = clusters.nearest(v)
      const scores = clusters.scores(v)
      // no cluster scores much higher than the one chosen (it is chosen among the nearest groups' clusters)
      expect(Math.max(...scores) - scores[c]!).toBeLessThan(0.05)
      members.set(c, [...(members.get(c) ?? []), i % topics])
    })
    // nearly every vector is in a cluster of its own topic's vectors (k-means may merge a few)
    let pure = 0
    for (const list of members.values()) {
      const counts = new Map<number, number>()
      for (const t of list) counts.set(t, (counts.get(t) ?? 0) + 1)
      pure += Math.max(...counts.values())
    }
    expect(pure / sample.length).toBeGreaterThan(0.9)
  })

  it('ranks the clusters per query by their centroids, as their exact scores do up to int8 rounding', async () => {
    const clusters = await RowClusters.of(clusteredVectors(2000, dims, 11, 20), 64, dims, 4)
    const queries = clusteredVectors(3, dims, 12, 3)
    const ranked = clusters.ranked(queries)
    expect(ranked).toHaveLength(3)
    queries.forEach((q, i) => {
      const scores = clusters.scores(q)
      const order = ranked[i]!
      // every cluster once
      expect([...order].sort((a, b) => a - b)).toEqual(Array.from(scores.keys()))
      const widest = Math.max(...scores) - Math.min(...scores)
      // each next one scores no more than the one before it, but for rounding
      for (let n = 1; n < order.length; n++)
        expect(scores[order[n]!]!).toBeLessThanOrEqual(scores[order[n - 1]!]! + 0.03 * widest)
      expect(scores[order[0]!]).toBeCloseTo(Math.max(...scores), 2)
      expect(clusters.score(order[0]!, q)).toBeCloseTo(scores[order[0]!]!, 5)
    })
  })
})

describe('ScanRanges', () => {
  it('joins touching ranges within a group only, and counts the rows', () => {
    const list = new ScanRanges()
    list.add(0, 4)
    list.add(4, 9) // joined
    list.add(12, 12) // empty: nothing
    list.endGroup()
    list.add(9, 10) // touches, but a new group
    list.endGroup()
    list.endGroup() // an empty group is not kept
    for (let r = 20; r < 2 * 2048; r += 2) list.add(r, r + 1) // grows past its first arrays
    list.endGroup()
    expect(list.rows).toBe(10 + (2 * 2048 - 20) / 2)
    expect([...list.pairs.subarray(0, 6)]).toEqual([0, 9, 9, 10, 20, 21])
    expect([...list.groupEnds.subarray(0, list.groups)]).toEqual([1, 2, list.count])
    expect(list.clear().count + list.groups + list.rows).toBe(0)
  })
})
