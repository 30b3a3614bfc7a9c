import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
// @ts-expect-error -- a plain .mjs build script, shared with the test so that both compile the kernel one way
import { compileKernel, KERNEL_MODULE, KERNEL_SOURCE, kernelModuleText } from '../scripts/kernel-source.mjs'
import { clusteredVectors } from './test/clustered-vectors.js'
import { MAX_SCAN_RANGES, PARALLEL_MIN_BYTES } from './kernel/book-scan.js'
import {
  BookVectorIndex,
  DOT_SCALE,
  matchCosines,
  QUANT_SCALE,
  SCORE_TABLE_SIZE,
  type IndexMatches,
} from './vector-index.js'

const vectors = clusteredVectors
const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0)
const int8 = (v: Float32Array) =>
  Array.from(v, (x) => Math.max(-127, Math.min(127, Math.round(x * QUANT_SCALE))))
/** The int8 dot product, in plain JavaScript: what the SIMD kernel must reproduce exactly. */
const int8Dot = (a: Float32Array, b: Float32Array) => {
  const [qa, qb] = [int8(a), int8(b)]
  return Math.fround(qa.reduce((s, x, i) => s + x * qb[i]!, 0) / DOT_SCALE) // the index answers float32
}

type Book = { id: string; vectors: Float32Array[] }
const asMap = (m: IndexMatches) => new Map(m.bookIds.map((id, b) => [id, matchCosines(m, b)]))
/** The reference: per book, the best cosine for each query, by `score` (int8 or float32). */
const reference = (list: Book[], queries: Float32Array[], score = int8Dot) =>
  new Map(list.map((b) => [b.id, queries.map((q) => Math.max(...b.vectors.map((v) => score(v, q))))]))

describe('BookVectorIndex', () => {
  const dims = 64
  const pool = vectors(600, dims, 7)
  const books: Book[] = Array.from({ length: 100 }, (_, i) => ({
    id: `book${i}`,
    vectors: pool.slice(i * 5, i * 5 + 1 + (i % 5)),
  }))
  const queries = vectors(3, dims, 99)

  it('gives every book above the floor exactly the best int8 cosine per idea, as plain JavaScript does', () => {
    const index = new BookVectorIndex(dims, 16)
    for (const b of books) index.upsert(b.id, b.vectors)
    const floor = 0.2
    const found = asMap(index.search(queries, { floorCosine: floor }))
    const expected = [...reference(books, queries)].filter(([, c]) => Math.max(...c) >= floor)
    expect(expected.length).toBeGreaterThan(5)
    expect(expected.length).toBeLessThan(books.length)
    expect(new Set(found.keys())).toEqual(new Set(expected.map(([id]) => id)))
    for (const [id, cosines] of expected) expect(found.get(id), id).toEqual(cosines)
    // and within int8 rounding of float32
    for (const [id, cosines] of reference(books, queries, dot))
      found.get(id)?.forEach((c, i) => expect(Math.abs(c - cosines[i]!)).toBeLessThan(0.01))
  })

  it('picks the books with the highest keys of their best cosines, as plain JavaScript ranks them', () => {
    const index = new BookVectorIndex(dims, 16)
    for (const b of books) index.upsert(b.id, b.vectors)
    // A score table over cosines -1..1 (the approximate index uses Strut scores): squares of the shifted cosine.
    const size = SCORE_TABLE_SIZE
    const scoreOf = (cosine: number) => 100 * ((cosine + 1) / 2) ** 2
    index.setScoreTable(
      Float32Array.from({ length: size }, (_, n) => scoreOf((2 * n) / (size - 1) - 1)),
      DOT_SCALE,
    )
    for (const ideas of [1, 2, 3]) {
      const q = queries.slice(0, ideas)
      const key = (cosines: number[]) => {
        const scores = cosines.map(scoreOf)
        return scores.reduce((a, b) => a + b, 0) + 0.5 * Math.min(...scores)
      }
      const ranked = [...reference(books, q)].map(([id, c]) => ({ id, key: key(c) }))
      ranked.sort((a, b) => b.key - a.key)
      const picked = new Set(index.topBooks(q, 10, 0.5, 350))
      // The ten best by key are all picked; the kernel's table and buckets are coarse, so a few near the tenth may
      // come too, but nothing far below it.
      for (const r of ranked.slice(0, 10)) expect(picked.has(r.id), `${ideas} idea(s): ${r.id}`).toBe(true)
      const tenth = ranked[9]!.key
      for (const r of ranked) if (picked.has(r.id)) expect(r.key, r.id).toBeGreaterThan(tenth - 1)
      expect(picked.size).toBeLessThan(20)
    }
  })

  it('scores dimensions that are not a multiple of 16, and one or two ideas', () => {
    const odd = 50
    const oddBooks = books
      .slice(0, 30)
      .map((b, i) => ({ id: b.id, vectors: vectors(1 + (i % 4), odd, i + 1) }))
    const index = new BookVectorIndex(odd)
    for (const b of oddBooks) index.upsert(b.id, b.vectors)
    for (const n of [1, 2]) {
      const q = vectors(n, odd, 5 + n)
      const found = index.search(q, { floorCosine: -1 })
      expect(found.ideas).toBe(n)
      expect(asMap(found)).toEqual(reference(oddBooks, q))
    }
    expect(() => index.search(vectors(4, odd, 1), { floorCosine: 0 })).toThrow(/1 to 3/)
  })

  it('replaces, removes and compacts without losing or mixing books', () => {
    const index = new BookVectorIndex(dims, 8)
    for (const b of books) index.upsert(b.id, b.vectors)
    // Every other book removed, a fifth re-embedded with another book's vectors: rows are freed and compacted.
    const kept = books.filter((_, i) => i % 2 === 0)
    for (const b of books.filter((_, i) => i % 2 === 1)) index.remove(b.id)
    const removedOnly = asMap(index.search(queries, { floorCosine: -1 }))
    expect(removedOnly).toEqual(reference(kept, queries))
    const moved = kept.map((b, i) =>
      i % 5 === 0 ? { id: b.id, vectors: books[(i * 2 + 1) % books.length]!.vectors } : b,
    )
    for (const b of moved) index.upsert(b.id, b.vectors)
    // enough new rows that the freed ones must be reclaimed or the matrix grown
    const extra = Array.from({ length: 60 }, (_, i) => ({
      id: `new${i}`,
      vectors: vectors(4, dims, 1000 + i),
    }))
    for (const b of extra) index.upsert(b.id, b.vectors)
    const live = [...moved, ...extra]
    expect(index.bookCount).toBe(live.length)
    expect(index.vectorCount).toBe(live.reduce((n, b) => n + b.vectors.length, 0))
    expect(asMap(index.search(queries, { floorCosine: -1 }))).toEqual(reference(live, queries))
    expect(index.has('book1')).toBe(false)
  })

  it('also answers the books asked to be included, under the floor or not, each once and exactly', () => {
    const index = new BookVectorIndex(dims)
    for (const b of books) index.upsert(b.id, b.vectors)
    const floor = 0.3
    const want = reference(books, queries)
    const under = [...want].filter(([, c]) => Math.max(...c) < floor).map(([id]) => id)
    const above = asMap(index.search(queries, { floorCosine: floor }))
    expect(under.length).toBeGreaterThan(2)
    const include = [under[0]!, 'nope', under[1]!, [...above.keys()][0]!, under[0]!]
    const found = index.search(queries, { floorCosine: floor, include })
    expect(found.bookIds).toEqual([...above.keys(), under[0], under[1]])
    found.bookIds.forEach((id, b) => expect(matchCosines(found, b)).toEqual(want.get(id)))
  })

  it('answers the coverage of given books only, exactly, skipping unknown ones', () => {
    const index = new BookVectorIndex(dims)
    for (const b of books) index.upsert(b.id, b.vectors)
    const asked = ['book7', 'nope', 'book3', 'book42']
    const got = index.coverage(asked, queries)
    expect(got.bookIds).toEqual(['book7', 'book3', 'book42'])
    const want = reference(books, queries)
    got.bookIds.forEach((id, b) => expect(matchCosines(got, b)).toEqual(want.get(id)))
  })

  it('answers nothing when empty and refuses vectors of the wrong size', () => {
    const index = new BookVectorIndex(dims)
    expect(index.search(queries, { floorCosine: 0 }).bookIds).toEqual([])
    expect(() => index.upsert('x', [new Float32Array(dims + 1)])).toThrow(/dimensions/)
    expect(index.has('x')).toBe(false)
  })
})

describe('BookVectorIndex on several threads', () => {
  const dims = 64
  /** Books of 1-11 rows, so that part boundaries fall inside books and must be moved. */
  const makeBooks = (count: number, seed: number): Book[] => {
    const pool = vectors(count * 6, dims, seed)
    let at = 0
    return Array.from({ length: count }, (_, i) => {
      const n = 1 + ((i * 7) % 11)
      const v = pool.slice(at % pool.length, (at % pool.length) + n)
      at += n
      return { id: `b${seed}-${i}`, vectors: v.length ? v : [pool[0]!] }
    })
  }
  const queries = vectors(3, dims, 4242)
  const until = async (ok: () => boolean) => {
    for (let i = 0; i < 500 && !ok(); i++) await new Promise((r) => setTimeout(r, 10))
  }

  it('splits a large scan over helper threads and answers exactly what one thread answers', async () => {
    const first = makeBooks(6000, 3) // ~36,000 rows of 64 bytes: above PARALLEL_MIN_BYTES
    const one = new BookVectorIndex(dims, 1024, 1)
    const three = new BookVectorIndex(dims, 1024, 3)
    for (const b of first) {
      one.upsert(b.id, b.vectors)
      three.upsert(b.id, b.vectors)
    }
    expect(three.vectorCount * dims).toBeGreaterThanOrEqual(PARALLEL_MIN_BYTES)
    try {
      // The first large scan starts the helpers; until they run, their parts are scanned here.
      expect(asMap(three.search(queries, { floorCosine: 0.3 }))).toEqual(
        asMap(one.search(queries, { floorCosine: 0.3 })),
      )
      await until(() => three.scanHelpersReady === 2)
      expect(three.scanHelpersReady).toBe(2)
      expect(one.scanHelpersReady).toBe(0)
      const expected = asMap(one.search(queries, { floorCosine: -1 }))
      expect(expected.size).toBe(first.length)
      expect(asMap(three.search(queries, { floorCosine: -1 }))).toEqual(expected)

      // Growing moves the rows to a new memory, which the helpers must pick up; removals leave freed rows.
      const more = makeBooks(3000, 5)
      for (const b of more) {
        one.upsert(b.id, b.vectors)
        three.upsert(b.id, b.vectors)
      }
      for (const b of first.filter((_, i) => i % 3 === 0)) {
        one.remove(b.id)
        three.remove(b.id)
      }
      for (const q of [queries, queries.slice(0, 1)]) {
        const want = asMap(one.search(q, { floorCosine: 0.2 }))
        expect(want.size).toBeGreaterThan(100)
        expect(asMap(three.search(q, { floorCosine: 0.2 }))).toEqual(want)
      }
      expect(three.scanHelpersReady).toBe(2)
      expect(three.scanHelperFailures).toBe(0) // the helpers' parts were theirs, not rescanned here
    } finally {
      three.close()
    }
    expect(three.scanHelpersReady).toBe(0)
    // closed, it still answers (helpers start again with the next large scan)
    expect(asMap(three.search(queries, { floorCosine: 0.5 }))).toEqual(
      asMap(one.search(queries, { floorCosine: 0.5 })),
    )
    three.close()
  })

  it('ranks the books of many slots in parts over threads, as one thread ranks them', async () => {
    // one row a book: 140,000 slots of 16 bytes of best dot products, past PARALLEL_MIN_BYTES
    const pool = vectors(140_000, dims, 77)
    const one = new BookVectorIndex(dims, pool.length, 1)
    const two = new BookVectorIndex(dims, pool.length, 2)
    const table = Float32Array.from(
      { length: SCORE_TABLE_SIZE },
      (_, n) => (100 * n) / (SCORE_TABLE_SIZE - 1),
    )
    for (const index of [one, two]) {
      pool.forEach((v, i) => index.upsert(`r${i}`, [v]))
      index.setScoreTable(table, 254 * 254)
    }
    expect(pool.length * 16).toBeGreaterThanOrEqual(PARALLEL_MIN_BYTES)
    try {
      const top = (index: BookVectorIndex) => index.topBooks(queries, 2000, 0.5, 350).sort()
      const want = top(one)
      expect(want.length).toBeGreaterThanOrEqual(2000)
      expect(want.length).toBeLessThan(2200)
      await until(() => (top(two), two.scanHelpersReady === 1))
      expect(two.scanHelpersReady).toBe(1)
      expect(top(two)).toEqual(want)
      expect(two.scanHelperFailures).toBe(0)
    } finally {
      two.close()
    }
  })
})

describe('BookVectorIndex coverage of many books', () => {
  it('scores more books than one kernel call takes (MAX_SCAN_RANGES) as a full pass does', () => {
    const dims = 16
    const pool = vectors(500, dims, 21)
    const index = new BookVectorIndex(dims, 1024, 1)
    const ids = Array.from({ length: MAX_SCAN_RANGES + 500 }, (_, i) => `m${i}`)
    ids.forEach((id, i) => index.upsert(id, [pool[i % 500]!, pool[(i * 7) % 500]!]))
    const q = vectors(2, dims, 22)
    const want = asMap(index.search(q, { floorCosine: -1 }))
    // the books asked, in another order than the index holds them
    const asked = [...ids].reverse()
    const got = index.coverage(asked, q)
    expect(got.bookIds).toEqual(asked)
    expect(asMap(got)).toEqual(want)
  })
})

describe('the book-scan kernel', () => {
  it('is committed as compiled from its source', async () => {
    const bytes = (await compileKernel(await readFile(KERNEL_SOURCE, 'utf8'))) as Uint8Array
    expect(await readFile(KERNEL_MODULE, 'utf8')).toBe(kernelModuleText(bytes))
  })
})
