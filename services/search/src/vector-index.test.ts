import { describe, expect, it } from 'vitest'
import { BookVectorIndex } from './vector-index.js'

/** Deterministic unit vectors clustered around a few topics, like sentence embeddings are. */
function vectors(count: number, dims: number, seed: number): Float32Array[] {
  let s = seed
  const rand = () => ((s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * 2 - 1
  const topics = Array.from({ length: 8 }, () => Float32Array.from({ length: dims }, rand))
  return Array.from({ length: count }, (_, i) => {
    const topic = topics[i % topics.length]!
    const v = Float32Array.from({ length: dims }, (_, j) => topic[j]! + 0.8 * rand())
    const norm = Math.hypot(...v)
    return v.map((x) => x / norm)
  })
}
const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0)

describe('BookVectorIndex', () => {
  const dims = 64
  const pool = vectors(600, dims, 7)
  const books = Array.from({ length: 100 }, (_, i) => ({
    id: `book${i}`,
    vectors: pool.slice(i * 5, i * 5 + 5),
  }))
  const queries = vectors(3, dims, 99)

  /** The exact answer in float32: per book, the best cosine for each query. */
  const exact = (list: typeof books) =>
    new Map(list.map((b) => [b.id, queries.map((q) => Math.max(...b.vectors.map((v) => dot(v, q))))]))

  it('finds every book above the floor with its best cosine per query, as exact float scoring does', () => {
    const index = new BookVectorIndex(dims, 16)
    for (const b of books) index.upsert(b.id, b.vectors)
    const floor = 0.2
    const found = index.search(queries, { floorCosine: floor })
    const expected = [...exact(books)].filter(([, c]) => Math.max(...c) >= floor + 0.01)
    expect(expected.length).toBeGreaterThan(5)
    for (const [id, cosines] of expected) {
      const got = found.get(id)
      expect(got, id).toBeDefined()
      got!.forEach((c, i) => expect(Math.abs(c - cosines[i]!)).toBeLessThan(0.01))
    }
    for (const [id, cosines] of found) expect(Math.max(...cosines), id).toBeGreaterThanOrEqual(floor - 0.01)
  })

  it('replaces, removes and compacts without losing or mixing books', () => {
    const index = new BookVectorIndex(dims, 8)
    for (const b of books) index.upsert(b.id, b.vectors)
    // Every other book removed, a tenth re-embedded with another book's vectors: rows are freed and compacted.
    const kept = books.filter((_, i) => i % 2 === 0)
    for (const b of books.filter((_, i) => i % 2 === 1)) index.remove(b.id)
    const moved = kept.map((b, i) =>
      i % 5 === 0 ? { id: b.id, vectors: books[(i + 1) % books.length]!.vectors } : b,
    )
    for (const b of moved) index.upsert(b.id, b.vectors)
    expect(index.bookCount).toBe(kept.length)
    expect(index.vectorCount).toBe(kept.length * 5)
    const found = index.search(queries, { floorCosine: -1 })
    expect(found.size).toBe(kept.length)
    for (const [id, cosines] of exact(moved))
      found.get(id)!.forEach((c, i) => expect(Math.abs(c - cosines[i]!)).toBeLessThan(0.01))
  })

  it('answers nothing when empty and refuses vectors of the wrong size', () => {
    const index = new BookVectorIndex(dims)
    expect(index.search(queries, { floorCosine: 0 }).size).toBe(0)
    expect(() => index.upsert('x', [new Float32Array(dims + 1)])).toThrow(/dimensions/)
  })
})
