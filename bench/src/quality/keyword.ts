import { booksRepo } from '@bookstrut/catalogue'
import { createDb, migrateToLatest, type Db } from '@bookstrut/core'
import { createScratchDatabase } from '@bookstrut/core/testing'
import { mean } from '../bench-stats.js'
import { insertPool } from '../pool-database.js'
import type { PoolBook } from '../tomt-data.js'
import type { ModeResult, Query } from './report.js'

/** Keyword results fetched per query: deep enough for fusion to lift a book from below the first page. */
export const KEYWORD_DEPTH = 100

/** Words for BM25: lower case, letters and digits, common English function words dropped. */
const STOP_WORDS = new Set(
  (
    'a an and are as at be but by for from had has have he her his i in is it its me my of on or our she so ' +
    'that the their them then there they this to was we were what when which who with you your'
  ).split(' '),
)
const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w))

/**
 * Keyword mode through the product's `surfaceSearch`, on a scratch database holding the pool as approved books.
 * "kw all" sends the three ideas joined by spaces, as a reader's keyword query would arrive (websearch syntax:
 * every word must match); "kw any" sends the same words joined by `or`, the query a hybrid could send instead.
 */
export async function keywordModes(books: PoolBook[], qs: Query[]): Promise<[ModeResult, ModeResult]> {
  const database = await createScratchDatabase()
  const db = createDb(database.url, 4)
  try {
    await migrateToLatest(db)
    const started = performance.now()
    await insertPool(db, books)
    console.log(
      `keyword: ${books.length} books inserted in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    )
    const allWords = await runKeyword(db, 'keyword (all words)', qs, (q) => q.ideas.join(' '))
    const anyWord = await runKeyword(db, 'keyword (any word)', qs, (q) => anyWordQuery(q.ideas))
    return [allWords, anyWord]
  } finally {
    await db.destroy()
    await database.drop()
  }
}

/** Words of the ideas joined by `or` (websearch syntax), with the characters websearch reads as operators removed. */
function anyWordQuery(ideas: string[]) {
  const words = ideas
    .join(' ')
    .replace(/[^\p{L}\p{N}']+/gu, ' ')
    .split(/\s+/)
    .filter((w) => w && w.toLowerCase() !== 'or')
  return words.join(' or ')
}

async function runKeyword(
  db: Db,
  name: string,
  qs: Query[],
  term: (q: Query) => string,
): Promise<ModeResult> {
  const rankings: string[][] = new Array<string[]>(qs.length)
  const started = performance.now()
  let next = 0
  // Two connections at a time: the machine has two cores, and the ranking is CPU-bound in PostgreSQL.
  const runOne = async (): Promise<void> => {
    const i = next++
    if (i >= qs.length) return
    const text = term(qs[i]!)
    rankings[i] = text
      ? (await booksRepo.surfaceSearch(db, { term: text, offset: 0, limit: KEYWORD_DEPTH })).ids
      : []
    return runOne()
  }
  await Promise.all([runOne(), runOne()])
  const ms = (performance.now() - started) / qs.length
  const empty = rankings.filter((r) => r.length === 0).length
  console.log(`${name}: ${empty}/${qs.length} queries matched nothing (${ms.toFixed(0)} ms/query)`)
  return { name, rankings, msPerQuery: ms }
}

/**
 * A reference, not a product mode: Okapi BM25 (k1 1.2, b 0.75) over title and description in memory, the
 * lexical ranker the dataset's published baselines use. PostgreSQL's `ts_rank_cd` weighs no word by its rarity
 * (no IDF), so this row shows what a keyword ranker with IDF would add to a fusion.
 */
export function bm25Mode(books: PoolBook[], qs: Query[]): ModeResult {
  const started = performance.now()
  const docs = books.map((b) => words(`${b.title} ${b.description}`))
  const avgLength = mean(docs.map((d) => d.length))
  const postings = new Map<string, Map<number, number>>()
  docs.forEach((doc, d) => {
    for (const w of doc) {
      let list = postings.get(w)
      if (!list) postings.set(w, (list = new Map<number, number>()))
      list.set(d, (list.get(d) ?? 0) + 1)
    }
  })
  const rankings = qs.map((q) => {
    const score = new Map<number, number>()
    for (const w of new Set(words(q.ideas.join(' ')))) {
      const list = postings.get(w)
      if (!list) continue
      const idf = Math.log(1 + (docs.length - list.size + 0.5) / (list.size + 0.5))
      for (const [d, tf] of list) {
        const norm = tf + 1.2 * (1 - 0.75 + (0.75 * docs[d]!.length) / avgLength)
        score.set(d, (score.get(d) ?? 0) + (idf * tf * 2.2) / norm)
      }
    }
    return [...score.entries()]
      .sort((x, y) => y[1] - x[1] || x[0] - y[0])
      .slice(0, KEYWORD_DEPTH)
      .map(([d]) => books[d]!.id)
  })
  return { name: 'bm25 (reference)', rankings, msPerQuery: (performance.now() - started) / qs.length }
}
