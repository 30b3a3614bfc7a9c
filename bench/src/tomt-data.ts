import { readFile } from 'node:fs/promises'
import { createHash } from 'node:crypto'
import path from 'node:path'
import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { DEFAULT_SHARED_DATA_DIR, normaliseTitle } from '@bookstrut/api/bench'

/**
 * The evaluation data of the search benchmarks, read at run time from the shared data folder (never copied
 * into the repository): real "which book is this?" requests (reddit-tomt-books-dev) with their answers, and a
 * pool of books to find them in (the tomt corpus plus goodreads-books-mix distractors).
 */

/** `../shared/data` beside the repository, and title identity across the sources: the api's CLI reads them too. */
export { DEFAULT_SHARED_DATA_DIR, normaliseTitle }

const CorpusLine = Type.Object({ id: Type.String(), title: Type.String(), description: Type.String() })
const GoodreadsLine = Type.Object({ id: Type.String(), title: Type.String(), description: Type.String() })
const QueryLine = Type.Object({
  id: Type.String(),
  split: Type.Union([Type.Literal('train'), Type.Literal('validation')]),
  ideas: Type.Array(Type.String()),
  relevant: Type.Array(Type.String(), { minItems: 1 }),
})

export type Split = Static<typeof QueryLine>['split']
export type TomtQuery = Static<typeof QueryLine>

export interface PoolBook {
  /** the id in the source file (a Goodreads work id for tomt answers) */
  key: string
  /** the 24-character id the book has in the bench database and vector index */
  id: string
  title: string
  description: string
  source: 'corpus' | 'distractor'
}

async function readJsonl<T extends TSchema>(file: string, schema: T): Promise<Static<T>[]> {
  const lines = (await readFile(file, 'utf8')).split('\n').filter((l) => l.trim())
  return lines.map((line, i) => {
    const value: unknown = JSON.parse(line)
    if (!Value.Check(schema, value)) throw new Error(`${file}:${i + 1}: unexpected line`)
    return value
  })
}

/**
 * The candidate pool: every tomt corpus book (the answers are among them), then each goodreads-books-mix book
 * whose normalised title is not a corpus title (a distractor, as a real catalogue would hold it).
 */
export async function loadPool(dataDir: string): Promise<PoolBook[]> {
  const corpus = await readJsonl(path.join(dataDir, 'reddit-tomt-books-dev', 'corpus.jsonl'), CorpusLine)
  const mix = await readJsonl(path.join(dataDir, 'goodreads-books-mix', 'books.jsonl'), GoodreadsLine)
  const corpusTitles = new Set(corpus.map((b) => normaliseTitle(b.title)))
  const distractors = mix.filter((b) => !corpusTitles.has(normaliseTitle(b.title)))
  const books = [
    ...corpus.map((b) => ({ ...b, source: 'corpus' as const })),
    ...distractors.map((b) => ({ ...b, source: 'distractor' as const })),
  ]
  return books.map((b, i) => ({
    key: b.id,
    id: `pool${String(i).padStart(20, '0')}`,
    title: b.title,
    description: b.description,
    source: b.source,
  }))
}

/**
 * The fold (0 … folds−1) a train request falls in, as the encoder's `--train-fold` splits the train split
 * (encoder/bookstrut_encoder/data.py train_fold_of): the first 8 hex digits of the SHA-256 of its id, modulo folds.
 */
export const trainFoldOf = (requestId: string, folds: number) =>
  parseInt(createHash('sha256').update(requestId, 'utf8').digest('hex').slice(0, 8), 16) % folds

/** The requests of one split (or both), in file order. */
export async function loadQueries(dataDir: string, split: Split | 'all'): Promise<TomtQuery[]> {
  const all = await readJsonl(path.join(dataDir, 'reddit-tomt-books-dev', 'queries_ideas.jsonl'), QueryLine)
  return split === 'all' ? all : all.filter((q) => q.split === split)
}
