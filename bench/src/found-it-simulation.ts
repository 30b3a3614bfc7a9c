import { newId, type Db } from '@bookstrut/core'
import { insertUser } from '@bookstrut/core/testing'
import { embeddingsRepo, foundIdeaKey, foundItRepo, settleFoundIdeas } from '@bookstrut/search'
import { AGREEMENT, type AgreementRule } from '@bookstrut/search/bench'
import { insertPool } from './pool-database.js'
import { loadQueries, type PoolBook, type TomtQuery } from './tomt-data.js'

/*
 * `npm run bench:quality -- --found-it-from train`: what the product's "found it" loop would give the dev split if
 * the train split's 1,853 real readers had each said "this is the book I meant" for their answer. A tomt request is
 * exactly what found-it collects: a reader's ideas, confirmed with the book they meant. Each request is one reader
 * (one account, one network: Reddit posters are independent people, the most favourable case for the product's
 * network rule) who confirms every idea of their search for their answer, in file order. The confirmations go
 * through the product's own repository and settle job (`foundItRepo.addConfirmations`, `settleFoundIdeas`) on a
 * scratch database; the book texts come back through `embeddingsRepo.findBookTexts`, the query the embed worker and
 * the api's lexical index read (agreed ideas capped and ordered there). Dev requests are never evidence.
 */

export interface FoundItVariant {
  name: string
  rule: AgreementRule
}

/**
 * The product's rule (AGREEMENT: readers weighing 3 from 3 networks), and, because one request is one reader and
 * few books were asked for by three readers in similar words, what one confirmed reader per idea would give: not
 * the product's rule, measured to show what the loop could be worth with more readers (or a lower threshold).
 */
export const FOUND_IT_VARIANTS: readonly FoundItVariant[] = [
  {
    name: `found-it (product: ${AGREEMENT.readers} readers, ${AGREEMENT.networks} networks)`,
    rule: AGREEMENT,
  },
  { name: 'found-it (1 reader: not the product rule)', rule: { readers: 1, networks: 1 } },
]

/** The evidence: the train split's requests, whatever split the bench evaluates. */
export const loadFoundItEvidence = (dataDir: string) => loadQueries(dataDir, 'train')

export interface FoundItBooks {
  variant: FoundItVariant
  /** each book with agreed ideas: its ideas as the embed worker reads them (pool id → ideas) */
  ideasOf: Map<string, string[]>
}

export interface FoundItSimulation {
  readers: number
  confirmations: number
  /** books confirmed by at least one reader */
  books: number
  variants: FoundItBooks[]
}

/**
 * Runs the train requests through found-it on `db` (a migrated scratch database; the pool's confirmed books are
 * inserted into it) and settles every confirmed book under each variant's rule. Throws on a request of any other
 * split: only train requests may be evidence.
 */
export async function simulateFoundIt(
  db: Db,
  requests: readonly TomtQuery[],
  pool: readonly PoolBook[],
  variants: readonly FoundItVariant[] = FOUND_IT_VARIANTS,
): Promise<FoundItSimulation> {
  const notTrain = requests.find((r) => r.split !== 'train')
  if (notTrain) throw new Error(`found-it evidence must be train requests only (${notTrain.id} is not)`)
  const byKey = new Map(pool.map((b) => [b.key, b]))
  const confirmed = requests.flatMap((r) => {
    // A reader confirms the one book they meant: the first of its answers the pool holds.
    const book = r.relevant.map((key) => byKey.get(key)).find((b) => b !== undefined)
    const ideas = r.ideas.map((i) => i.trim()).filter((i) => foundIdeaKey(i) !== '')
    return book && ideas.length > 0 ? [{ request: r, book, ideas }] : []
  })
  const books = [...new Map(confirmed.map((c) => [c.book.id, c.book])).values()]
  await insertPool(db, books)

  const start = Date.UTC(2026, 0, 1)
  let confirmations = 0
  for (const [i, { request, book, ideas }] of confirmed.entries()) {
    const now = new Date(start + i * 60_000)
    // Established readers (a month old at their confirmation): the most favourable case again.
    const userId = await insertUser(db, { createdAt: new Date(start - 30 * 86_400_000) })
    const rows: foundItRepo.NewConfirmation[] = ideas.map((idea) => ({
      id: newId(now.getTime()),
      userId,
      bookId: book.id,
      ideaKey: foundIdeaKey(idea),
      idea,
      network: `tomt-request:${request.id}`,
      rank: 0,
      score: 0,
      now,
    }))
    confirmations += (await foundItRepo.addConfirmations(db, rows)).length
  }

  const settledAt = new Date(start + confirmed.length * 60_000)
  const results: FoundItBooks[] = []
  for (const variant of variants) {
    for (const b of books) await settleFoundIdeas(db, b.id, settledAt, variant.rule)
    // As if an admin approved every agreed idea (issue 45's queue): the most found it can change, measured.
    if (books.length > 0)
      await db
        .updateTable('book_found_ideas')
        .set({ status: 'approved', decided_at: settledAt })
        .where('status', '=', 'pending')
        .where(
          'podcast_id',
          'in',
          books.map((b) => b.id),
        )
        .execute()
    const texts = await embeddingsRepo.findBookTexts(
      db,
      books.map((b) => b.id),
    )
    // The agreed ideas alone (the pool's imported books have no ideas of their own).
    const ideasOf = new Map(texts.map((t) => [t.id, t.foundIdeas.filter((i) => i.trim())]))
    results.push({ variant, ideasOf: new Map([...ideasOf].filter(([, ideas]) => ideas.length > 0)) })
  }
  return { readers: confirmed.length, confirmations, books: books.length, variants: results }
}
