import { sql } from 'kysely'
import type { DbOrTx } from '@bookstrut/core'
import { storedIdeas } from '@bookstrut/schemas'
import { PASSAGE_SCHEME } from '../book-passages.js'

/**
 * Most ideas readers agreed on ("found it", docs/idea-search.md) embedded for one book, most readers first: each is
 * one more passage, so a book many readers found with many different ideas stays a book, not a list of requests.
 */
export const MAX_FOUND_IDEAS_EMBEDDED = 8

/** The agreed ideas embedded for the book of the current `podcasts` row, joined (NULL when it has none). */
const foundIdeasText = sql<
  string | null
>`(select string_agg(f.idea, chr(31) order by f.readers desc, f.idea_key)
  from (select idea, idea_key, readers from book_found_ideas where book_found_ideas.podcast_id = podcasts.id
        and book_found_ideas.status = 'approved' -- only what an admin approved ranks a book (issue 45)
        order by readers desc, idea_key limit ${sql.lit(MAX_FOUND_IDEAS_EMBEDDED)}) f)`

/**
 * How agreed ideas are embedded, part of the hash of a book that has them: 'f2', passages of their own stored after
 * the book's own and counted (found_passages, issue 45); before, they were embedded among the author's ideas. A book
 * with agreed ideas embedded the old way hashes otherwise, so the embed sweep embeds it again the new way.
 */
const FOUND_PASSAGES_SCHEME = 'f2'

/**
 * The hash of what a book's vectors are made from: its title, ideas and description, the ideas readers agreed on
 * (and how they are embedded), and the passage scheme (how that text is cut into passages). Computed in SQL so the
 * embed worker and the sweep of stale books agree. A book without agreed ideas hashes as it did before they existed
 * (nothing to re-embed).
 */
const sourceHash = (scheme: string) =>
  sql<string>`md5(${scheme} || chr(31) || concat_ws(chr(31), podcasts.title, podcasts.primary_key, podcasts.secondary_key, podcasts.additional_key, podcasts.description) || coalesce(chr(30) || ${FOUND_PASSAGES_SCHEME} || chr(30) || ${foundIdeasText}, ''))`

/** The agreed ideas of a row (foundIdeasText's join undone). */
const foundIdeasOf = (found: string | null) => (found === null ? [] : found.split(String.fromCharCode(31)))

export interface BookSource {
  id: string
  title: string
  /** the author's ideas only */
  ideas: string[]
  description: string
  /**
   * the ideas readers agreed on (found it): passages of their own, never the author's ideas (issue 45: neither the
   * lexical index nor the second stage reads them as the author's words)
   */
  foundIdeas: string[]
  sourceHash: string
}

export type BookText = Omit<BookSource, 'sourceHash'>

/** A book's text columns with the ideas readers agreed on: what the lexical index (not the agreed ideas) and the embed worker read. */
const bookTextRows = (db: DbOrTx) =>
  db
    .selectFrom('podcasts')
    .select(['id', 'title', 'primary_key', 'secondary_key', 'additional_key', 'description'])
    .select(foundIdeasText.as('found_ideas'))

type BookTextRow = Awaited<ReturnType<ReturnType<typeof bookTextRows>['executeTakeFirstOrThrow']>>

const toBookText = (r: BookTextRow): BookText => ({
  id: r.id,
  title: r.title,
  ideas: storedIdeas(r),
  description: r.description,
  foundIdeas: foundIdeasOf(r.found_ideas),
})

/**
 * The text (title, ideas, description, and apart from them the ideas readers agreed on) of the given books, for the
 * lexical index an api process keeps beside their vectors. Books that are gone are absent.
 */
export async function findBookTexts(db: DbOrTx, bookIds: readonly string[]): Promise<BookText[]> {
  if (bookIds.length === 0) return []
  return (await bookTextRows(db).where('id', 'in', bookIds).execute()).map(toBookText)
}

/** A book's text as the embed worker needs it, or undefined when the book is gone. */
export async function findBookSource(
  db: DbOrTx,
  bookId: string,
  scheme: string,
): Promise<BookSource | undefined> {
  const row = await bookTextRows(db)
    .select(sourceHash(scheme).as('source_hash'))
    .where('id', '=', bookId)
    .executeTakeFirst()
  return row && { ...toBookText(row), sourceHash: row.source_hash }
}

/** The hash of a book's current text (its vectors are stale unless they were made from it); undefined when gone. */
export async function currentSourceHash(db: DbOrTx, bookId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('podcasts')
    .select(sourceHash(PASSAGE_SCHEME).as('source_hash'))
    .where('id', '=', bookId)
    .executeTakeFirst()
  return row?.source_hash
}

export async function findSourceHash(db: DbOrTx, bookId: string, model: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('book_embeddings')
    .select('source_hash')
    .where('model', '=', model)
    .where('podcast_id', '=', bookId)
    .executeTakeFirst()
  return row?.source_hash
}

const encode = (vectors: readonly Float32Array[]) =>
  Buffer.concat(vectors.map((v) => Buffer.from(v.buffer, v.byteOffset, v.byteLength)))

/** Float32 vectors from the stored bytes (copied: a pg Buffer need not be 4-byte aligned). */
export function decodeVectors(bytes: Buffer, dimensions: number): Float32Array[] {
  const all = new Float32Array(new Uint8Array(bytes).buffer)
  return Array.from({ length: all.length / dimensions }, (_, i) =>
    all.subarray(i * dimensions, (i + 1) * dimensions),
  )
}

/** Stores a book's vectors for a model; a later write for the same book and model replaces them. */
export async function saveEmbedding(
  db: DbOrTx,
  e: {
    bookId: string
    model: string
    sourceHash: string
    dimensions: number
    vectors: readonly Float32Array[]
    /** how many of the vectors, the last ones, are passages of agreed ideas (embeddedPassages) */
    foundPassages?: number
  },
): Promise<void> {
  const values = {
    podcast_id: e.bookId,
    model: e.model,
    source_hash: e.sourceHash,
    dimensions: e.dimensions,
    passages: e.vectors.length,
    vectors: encode(e.vectors),
    found_passages: e.foundPassages ?? 0,
    // The database's clock: api processes compare these times to catch up on changes they missed.
    updated_at: sql<Date>`now()`,
  }
  await db
    .insertInto('book_embeddings')
    .values(values)
    .onConflict((oc) => oc.columns(['model', 'podcast_id']).doUpdateSet(values))
    .execute()
}

export interface StoredEmbedding {
  bookId: string
  vectors: Float32Array[]
  /** how many of `vectors`, the last ones, are passages of agreed ideas (found it), not the book's own */
  foundPassages: number
  updatedAt: Date
}

const toStored = (r: {
  podcast_id: string
  vectors: Buffer
  dimensions: number
  found_passages: number
  updated_at: Date
}): StoredEmbedding => ({
  bookId: r.podcast_id,
  vectors: decodeVectors(r.vectors, r.dimensions),
  foundPassages: r.found_passages,
  updatedAt: r.updated_at,
})

export async function findEmbedding(
  db: DbOrTx,
  bookId: string,
  model: string,
): Promise<StoredEmbedding | undefined> {
  const row = await db
    .selectFrom('book_embeddings')
    .select(['podcast_id', 'vectors', 'dimensions', 'found_passages', 'updated_at'])
    .where('model', '=', model)
    .where('podcast_id', '=', bookId)
    .executeTakeFirst()
  return row && toStored(row)
}

/**
 * Every stored embedding of a model (or those stored after `since`), in pages by book id: what an api process
 * loads at start and catches up on.
 */
export async function* allEmbeddings(
  db: DbOrTx,
  model: string,
  opts: { since?: Date; pageSize?: number } = {},
): AsyncGenerator<StoredEmbedding[]> {
  const pageSize = opts.pageSize ?? 2000
  let after = ''
  for (;;) {
    let q = db
      .selectFrom('book_embeddings')
      .select(['podcast_id', 'vectors', 'dimensions', 'found_passages', 'updated_at'])
      .where('model', '=', model)
      .where('podcast_id', '>', after)
    if (opts.since) q = q.where('updated_at', '>=', opts.since)
    const rows = await q.orderBy('podcast_id').limit(pageSize).execute()
    if (rows.length === 0) return
    yield rows.map(toStored)
    after = rows[rows.length - 1]!.podcast_id
  }
}

/** Books whose vectors for `model` are missing or made from older text, by id, in pages. */
export async function staleBookIds(
  db: DbOrTx,
  opts: { model: string; scheme: string; after: string; limit: number },
): Promise<string[]> {
  const rows = await db
    .selectFrom('podcasts')
    .leftJoin('book_embeddings as e', (j) =>
      j.onRef('e.podcast_id', '=', 'podcasts.id').on('e.model', '=', opts.model),
    )
    .select('podcasts.id')
    .where('podcasts.id', '>', opts.after)
    .where((eb) =>
      eb.or([eb('e.source_hash', 'is', null), eb('e.source_hash', '!=', sourceHash(opts.scheme))]),
    )
    .orderBy('podcasts.id')
    .limit(opts.limit)
    .execute()
  return rows.map((r) => r.id)
}

/** How many books have up-to-date vectors for `model`, of how many books. */
export async function embeddingProgress(
  db: DbOrTx,
  opts: { model: string; scheme: string },
): Promise<{ done: number; total: number }> {
  const row = await db
    .selectFrom('podcasts')
    .leftJoin('book_embeddings as e', (j) =>
      j.onRef('e.podcast_id', '=', 'podcasts.id').on('e.model', '=', opts.model),
    )
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn
        .count<number>('e.podcast_id')
        .filterWhere('e.source_hash', '=', sourceHash(opts.scheme))
        .as('done'),
    ])
    .executeTakeFirstOrThrow()
  return { done: Number(row.done), total: Number(row.total) }
}

/** The model searches are served with: the one whose vectors are complete. Undefined before the first sweep. */
export async function findServingModel(db: DbOrTx): Promise<string | undefined> {
  const row = await db
    .selectFrom('search_state')
    .select('value')
    .where('name', '=', 'serving_model')
    .executeTakeFirst()
  return row?.value
}

/** Switches the serving model; one row, so every process reads one answer. */
export async function setServingModel(db: DbOrTx, model: string): Promise<void> {
  await db
    .insertInto('search_state')
    .values({ name: 'serving_model', value: model })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: model, updated_at: sql<Date>`now()` }))
    .execute()
}
