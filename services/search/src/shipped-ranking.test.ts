import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { FIXTURE_BOOKS, SHIPPED_RANKING_FIXTURE, shippedRankings } from './test/shipped-ranking-catalogue.js'

interface FixtureCase {
  name: string
  listed: number
  books: { id: string; ideas: number[]; total: number }[]
}

/*
 * The shipped path's scores, pinned: the fixture was written by the code before issue 47 took the second stage's
 * unread signals, the whole request and readers' ideas out of it (shipped-ranking-catalogue.ts). The same catalogue
 * ranked now lists the same books in the same order with the same Strut scores (to 1e-9: only the order of
 * floating-point operations could differ).
 */
describe('the shipped ranking (first stage, words, idea-score-v3, found ideas)', () => {
  const fixture = JSON.parse(readFileSync(SHIPPED_RANKING_FIXTURE, 'utf8')) as { cases: FixtureCase[] }
  const now = shippedRankings()

  it('has every case of the fixture', () => {
    expect(now.map((c) => c.name)).toEqual(fixture.cases.map((c) => c.name))
    expect(fixture.cases.every((c) => c.books.length === Math.min(c.listed, FIXTURE_BOOKS))).toBe(true)
  })

  for (const [i, expected] of fixture.cases.entries())
    it(`${expected.name}: the same books, order and scores`, () => {
      const ranked = now[i]!.ranked
      expect(ranked).toHaveLength(expected.listed)
      const first = ranked.slice(0, FIXTURE_BOOKS)
      expect(first.map((b) => b.bookId)).toEqual(expected.books.map((b) => b.id))
      first.forEach((b, k) => {
        expect(b.scores.total).toBeCloseTo(expected.books[k]!.total, 9)
        b.scores.ideas.forEach((s, j) => expect(s).toBeCloseTo(expected.books[k]!.ideas[j]!, 9))
      })
    })
})
