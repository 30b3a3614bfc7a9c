import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import type { Db } from '@bookstrut/core'
import { createTestDb, type TestDb } from '@bookstrut/core/testing'
import { minTrigramSimilarity, TYPED_WORDS_MAX, typedWords, typoBudget } from './keyword-typos.js'

let testDb: TestDb
let db: Db
beforeAll(async () => {
  testDb = await createTestDb('core', { poolSize: 1 })
  db = testDb.db
})
afterAll(async () => testDb?.drop())

describe('typo budget (as Meilisearch: minWordSizeForTypos 5 and 9)', () => {
  it.each([
    ['the', 0],
    ['ahab', 0],
    ['hobit', 1],
    ['tolkein', 1],
    ['prejudis', 1],
    ['prejudise', 2],
    ['quillingtonn', 2],
    ['ñandúes', 1],
  ])('%s: %i', (word, budget) => expect(typoBudget(word)).toBe(budget))
})

describe('typed words', () => {
  it('splits words as text search does, reads -word as an exclusion and leaves out quotes and a bare or', () => {
    expect(typedWords(`"The Hobit" or Tolkien's -dragon moby-dick`)).toEqual({
      words: ['the', 'hobit', 'tolkien', 's', 'moby', 'dick'],
      excluded: ['dragon'],
    })
    expect(typedWords('  --  ')).toEqual({ words: [], excluded: [] })
    const long = Array.from({ length: 30 }, (_, i) => `word${i}`)
    expect(typedWords(long.join(' ')).words).toEqual(long.slice(0, TYPED_WORDS_MAX))
  })
})

describe('in the database', () => {
  const withinTypos = async (typed: string, word: string) => {
    const { rows } = await sql<{
      ok: boolean
    }>`select within_typos(${typed}, ${word}, ${typoBudget(typed)}) as ok`.execute(db)
    return rows[0]?.ok
  }

  it('counts added, dropped and changed letters, and a swap of neighbours as one typo', async () => {
    expect(await withinTypos('hobit', 'hobbit')).toBe(true)
    expect(await withinTypos('tolkein', 'tolkien')).toBe(true)
    expect(await withinTypos('melvlle', 'melville')).toBe(true)
    expect(await withinTypos('mlvile', 'melville')).toBe(false)
    expect(await withinTypos('prejjudise', 'prejudice')).toBe(true)
    expect(await withinTypos('prejjudisse', 'prejudice')).toBe(false)
    expect(await withinTypos('ahav', 'ahab')).toBe(false)
  })

  it('never sets the trigram floor above the similarity of a word within budget (the index then finds them all)', async () => {
    const pairs: [string, string][] = [
      ['wahle', 'whale'],
      ['hobit', 'hobbit'],
      ['tolkein', 'tolkien'],
      ['hobibt', 'hobbit'],
      ['prejduice', 'prejudice'],
      ['rpejudise', 'prejudice'],
      ['dostoyevski', 'dostoevsky'],
      ['perjudicee', 'prejudice'],
      ['shakspaere', 'shakespeare'],
      ['labyrnith', 'labyrinth'],
      ['akspeshare', 'shakespeare'],
    ]
    let checked = 0
    for (const [typed, word] of pairs) {
      const { rows } = await sql<{ similarity: number; within: boolean }>`
        select similarity(${typed}, ${word}) as similarity, within_typos(${typed}, ${word}, ${typoBudget(typed)}) as within`.execute(
        db,
      )
      const row = rows[0]!
      if (row.within) checked += 1
      if (row.within)
        expect(row.similarity, `${typed} ~ ${word}`).toBeGreaterThan(
          minTrigramSimilarity(typed, typoBudget(typed)),
        )
    }
    // All but the last pair (three typos) are within budget.
    expect(checked).toBe(pairs.length - 1)
  })

  it('restores the trigram threshold after widening a word', async () => {
    await db.transaction().execute(async (trx) => {
      await sql`set local pg_trgm.similarity_threshold = 0.42`.execute(trx)
      await sql`select * from surface_words_within('hobit', 1, 0.1, 5)`.execute(trx)
      const { rows } = await sql<{
        t: string
      }>`select current_setting('pg_trgm.similarity_threshold') as t`.execute(trx)
      expect(rows[0]?.t).toBe('0.42')
    })
  })
})
