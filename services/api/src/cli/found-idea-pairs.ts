import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { DbOrTx } from '@bookstrut/core'
import { areSimilarIdeas } from '@bookstrut/schemas'
import { foundIdeaKey, foundItRepo } from '@bookstrut/search'
import { normaliseTitle } from './shared-data.js'

/**
 * What the evaluation holds out from training: the dev (validation) split of reddit-tomt-books-dev — its answers'
 * titles and its requests' ideas. An agreed idea of a book with a dev answer's title, or an idea like a dev request's
 * (the search form's similarity rule), would teach the encoder the very questions it is measured on.
 */
export interface DevHoldOut {
  titles: Set<string>
  ideaKeys: string[]
}

export async function loadDevHoldOut(dataDir: string): Promise<DevHoldOut> {
  const dir = path.join(dataDir, 'reddit-tomt-books-dev')
  const lines = async (file: string) =>
    (await readFile(path.join(dir, file), 'utf8'))
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as Record<string, unknown>)
  const queries = (await lines('queries_ideas.jsonl')).filter((q) => q.split === 'validation')
  const answers = new Set(queries.flatMap((q) => (q.relevant as string[]) ?? []))
  const corpus = await lines('corpus.jsonl')
  return {
    titles: new Set(
      corpus.filter((b) => answers.has(String(b.id))).map((b) => normaliseTitle(String(b.title))),
    ),
    ideaKeys: queries.flatMap((q) => (q.ideas as string[]).map(foundIdeaKey).filter(Boolean)),
  }
}

export interface TrainingPair {
  anchor: string
  positive: string
}

/**
 * The ideas readers agreed on ("found it"), as training pairs (idea → "title. description") of the public books
 * `isPublic` accepts; never one the dev split holds out. Only agreed ideas exist in the table read: a single
 * reader's confirmation never becomes a pair. Answers the pairs and how many were held out.
 */
export async function agreedIdeaPairs(
  db: DbOrTx,
  isPublic: (bookId: string) => boolean,
  holdOut: DevHoldOut,
): Promise<{ pairs: TrainingPair[]; heldOut: number }> {
  const pairs: TrainingPair[] = []
  let heldOut = 0
  for (const row of await foundItRepo.agreedIdeaPairs(db)) {
    if (!isPublic(row.bookId) || !row.description.trim()) continue
    const key = foundIdeaKey(row.idea)
    if (
      holdOut.titles.has(normaliseTitle(row.title)) ||
      holdOut.ideaKeys.some((k) => areSimilarIdeas(k, key))
    ) {
      heldOut += 1
      continue
    }
    pairs.push({ anchor: row.idea, positive: `${row.title}. ${row.description}` })
  }
  return { pairs, heldOut }
}
