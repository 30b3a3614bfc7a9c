import { readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { describe, expect, it } from 'vitest'
import { AnnBookVectorIndex } from './ann-vector-index.js'
import { rankBooks } from './idea-ranking.js'
import { clusteredVectors } from './test/clustered-vectors.js'
import { BookVectorIndex, matchCosines } from './vector-index.js'

const dims = 48
/** 1,500 books of 2-6 passages over 40 topics, and 20 queries of three ideas each. */
const pool = clusteredVectors(9000, dims, 11, 40)
const books = Array.from({ length: 1500 }, (_, i) => ({
  id: `book${i}`,
  vectors: pool.slice(i * 6, i * 6 + 2 + (i % 5)),
}))
const queries = Array.from({ length: 20 }, (_, i) => clusteredVectors(3, dims, 500 + i, 40))

function build() {
  const exact = new BookVectorIndex(dims)
  const ann = new AnnBookVectorIndex(new BookVectorIndex(dims), { rowsPerIdea: 200, expansionSearch: 200 })
  for (const b of books) {
    exact.upsert(b.id, b.vectors)
    ann.upsert(b.id, b.vectors)
  }
  return { exact, ann }
}

describe('AnnBookVectorIndex', () => {
  const { exact, ann } = build()

  it('lists at least 95 % of the exact top 10, with exact scores', () => {
    let found = 0
    let wanted = 0
    for (const q of queries) {
      const want = rankBooks(exact, q).slice(0, 10)
      const got = rankBooks(ann, q)
      const gotIds = new Set(got.slice(0, 10).map((r) => r.bookId))
      wanted += want.length
      found += want.filter((r) => gotIds.has(r.bookId)).length
      // Every book the graph finds is scored exactly: the same scores as the exact index gives it.
      const exactScores = new Map(rankBooks(exact, q).map((r) => [r.bookId, r.scores.hella]))
      for (const r of got) expect(r.scores.hella).toBe(exactScores.get(r.bookId))
    }
    expect(wanted).toBeGreaterThan(100)
    expect(found / wanted).toBeGreaterThanOrEqual(0.95)
  })

  it('answers the books asked to be included as the exact index does, under the floor too', () => {
    const q = queries[2]!
    const floorCosine = 0.5
    const under = books
      .map((b) => b.id)
      .filter((id) => !exact.search(q, { floorCosine }).bookIds.includes(id))
    const include = under.slice(0, 3)
    const asMap = (m: ReturnType<typeof exact.search>) =>
      new Map(m.bookIds.map((id, b) => [id, matchCosines(m, b)]))
    const got = asMap(ann.search(q, { floorCosine, include }))
    const want = asMap(exact.search(q, { floorCosine, include }))
    for (const id of include) expect(got.get(id), id).toEqual(want.get(id))
  })

  it('forgets removed books and uses replaced vectors', () => {
    const q = queries[0]!
    const top = rankBooks(ann, q)[0]!.bookId
    const other = books.find((b) => b.id !== top)!
    ann.upsert(top, other.vectors) // now a copy of another book
    expect(matchCosines(ann.coverage([top], q), 0)).toEqual(matchCosines(exact.coverage([other.id], q), 0))
    ann.remove(top)
    expect(ann.has(top)).toBe(false)
    expect(rankBooks(ann, q).some((r) => r.bookId === top)).toBe(false)
    expect(ann.bookCount).toBe(books.length - 1)
  })

  it('builds its graph from an exact index it is given', () => {
    const base = new BookVectorIndex(dims)
    for (const b of books.slice(0, 200)) base.upsert(b.id, b.vectors)
    const wrapped = new AnnBookVectorIndex(base)
    const q = queries[1]!
    // synthetic vectors sit below the product's relevance floor: rank at a low one, the same for both indexes
    const want = rankBooks(base, q, { floor: 25 }).slice(0, 5)
    expect(want.length).toBeGreaterThan(0)
    expect(rankBooks(wrapped, q, { floor: 25 }).slice(0, 5)).toEqual(want)
  })

  it('builds its graph on another thread, taking in the books changed meanwhile', async () => {
    const base = new BookVectorIndex(dims)
    for (const b of books) base.upsert(b.id, b.vectors)
    const { ann: building, built } = AnnBookVectorIndex.building(base, {
      rowsPerIdea: 200,
      expansionSearch: 200,
    })
    // The first batch (every book: fewer rows than a batch) is on the builder thread now. Meanwhile a book is
    // replaced, one removed and one added: the graph loaded must hold their rows as they are now.
    const [changed, removed, copied] = [books[0]!, books[1]!, books[2]!]
    const added = clusteredVectors(4, dims, 999, 40)
    building.upsert(changed.id, copied.vectors)
    building.remove(removed.id)
    building.upsert('added', added)
    const ann = await built
    expect(ann).toBe(building)
    expect(ann.graphRows).toBe(base.vectorCount)
    expect(readdirSync(tmpdir()).filter((f) => f.startsWith('bookstrut-graph-'))).toEqual([])

    const own = (vectors: Float32Array[]) =>
      rankBooks(ann, vectors.slice(0, 3), { floor: 25 }).map((r) => r.bookId)
    expect(own(added)[0]).toBe('added')
    expect(own(removed.vectors)).not.toContain(removed.id)
    expect(matchCosines(ann.coverage([changed.id], queries[2]!), 0)).toEqual(
      matchCosines(base.coverage([copied.id], queries[2]!), 0),
    )
    let found = 0
    for (const q of queries) {
      const want = rankBooks(base, q, { floor: 25 }).slice(0, 10)
      const got = new Set(
        rankBooks(ann, q, { floor: 25 })
          .slice(0, 10)
          .map((r) => r.bookId),
      )
      found += want.filter((r) => got.has(r.bookId)).length / want.length
    }
    expect(found / queries.length).toBeGreaterThanOrEqual(0.95)
  })

  it('stops building when closed, and the build then fails instead of hanging', async () => {
    const base = new BookVectorIndex(dims)
    for (const b of books) base.upsert(b.id, b.vectors)
    const { ann, built } = AnnBookVectorIndex.building(base)
    ann.close()
    await expect(built).rejects.toThrow(/graph builder/)
  })
})
