import { BookTextIndex } from '../lexical/book-text-index.js'
import { rankBooks, type RankedBook } from '../idea-ranking.js'
import type { CosineScale } from '../strut-score.js'
import { BookVectorIndex } from '../vector-index.js'
import { clusteredVectors } from './clustered-vectors.js'

/*
 * A fixed catalogue ranked by the product's path (rankBooks with BookTextIndex.matchIdeas, so the committed second
 * stage applies): 400 books of 2-5 clustered passage vectors and a text drawn from a small vocabulary, a few books
 * with found ideas (RankOptions.foundIdeas), and four requests. shipped-ranking.test.ts holds rankBooks to the
 * scores in shipped-ranking-fixture.json, which `npx tsx src/test/shipped-ranking-catalogue.ts` wrote from the code
 * before issue 47 removed the signals idea-score-v3 does not read: the shipped ranking is unchanged by that removal.
 */
const DIMS = 32
const BOOKS = 400
const WORDS = (
  'dragon wizard ship ocean war love detective murder island school magic robot planet city forest river ' +
  'king queen sister brother ghost train winter summer secret letter garden mountain desert storm map clock'
).split(' ')

function lcg(seed: number) {
  let s = seed
  return () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
}

export function shippedCatalogue() {
  const random = lcg(47)
  const pick = (n: number) => Array.from({ length: n }, () => WORDS[Math.floor(random() * WORDS.length)]!)
  const vectors = clusteredVectors(BOOKS * 5, DIMS, 4711)
  const index = new BookVectorIndex(DIMS)
  const found = new BookVectorIndex(DIMS, undefined, 1)
  const text = new BookTextIndex()
  let at = 0
  for (let b = 0; b < BOOKS; b++) {
    const id = `book${String(b).padStart(3, '0')}`
    const count = 2 + Math.floor(random() * 4)
    index.upsert(id, vectors.slice(at, at + count))
    at += count
    text.upsert(id, { title: pick(2).join(' '), ideas: [], description: pick(14).join(' ') })
  }
  // Agreed ideas (found it): some books get one that is close to a request's idea, so the bounded lift shows.
  for (const p of [3, 40, 77, 12, 5, 91, 18, 66, 203])
    found.upsert(`book${String((p * 13) % BOOKS).padStart(3, '0')}`, [vectors[p + 1]!])
  // Requests: each idea a catalogue passage (so some books match it well) and a few of the vocabulary's words.
  const requests = [
    { ideas: ['dragon wizard magic', 'a king and his sister', 'winter storm'], passages: [3, 40, 77] },
    { ideas: ['ocean ship island map'], passages: [12] },
    { ideas: ['detective murder train', 'secret letter'], passages: [5, 91] },
    { ideas: ['robot planet', 'city river', 'ghost clock garden'], passages: [18, 66, 203] },
  ].map((r) => ({ ideas: r.ideas, vectors: r.passages.map((p) => vectors[p]!) }))
  return { index, found, text, requests }
}

/** The card scale of a fine-tuned model, as strut-score.ts reads one (its cosines run higher than the base's). */
export const TUNED_SCALE: CosineScale = { slope: 0.8, offset: 0.02 }

/** Every case the fixture holds: each request on the base scale, with found ideas, and on a tuned scale. */
export function shippedRankings(): { name: string; ranked: RankedBook[] }[] {
  const { index, found, text, requests } = shippedCatalogue()
  return requests.flatMap((r, i) => [
    { name: `request ${i}`, ranked: rankBooks(index, r.vectors, { lexical: text.matchIdeas(r.ideas) }) },
    {
      name: `request ${i}, found ideas`,
      ranked: rankBooks(index, r.vectors, { lexical: text.matchIdeas(r.ideas), foundIdeas: found }),
    },
    {
      name: `request ${i}, tuned scale`,
      ranked: rankBooks(index, r.vectors, { lexical: text.matchIdeas(r.ideas), scale: TUNED_SCALE }),
    },
  ])
}

/** The fixture's file: per case, how many books were listed and the first FIXTURE_BOOKS in order with their scores. */
export const SHIPPED_RANKING_FIXTURE = new URL('./shipped-ranking-fixture.json', import.meta.url)
export const FIXTURE_BOOKS = 40

// `npx tsx src/test/shipped-ranking-catalogue.ts` (from services/search) rewrites the fixture from the current code.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { writeFileSync } = await import('node:fs')
  const cases = shippedRankings().map((c) => ({
    name: c.name,
    listed: c.ranked.length,
    books: c.ranked
      .slice(0, FIXTURE_BOOKS)
      .map((b) => ({ id: b.bookId, ideas: b.scores.ideas, total: b.scores.total })),
  }))
  writeFileSync(
    SHIPPED_RANKING_FIXTURE,
    JSON.stringify({ generatedAt: process.env.FIXTURE_COMMIT, cases }) + '\n',
  )
}
