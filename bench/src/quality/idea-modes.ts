import {
  BookVectorIndex,
  MAX_RANKED,
  rankBooks,
  RELEVANCE_FLOOR,
  type CosineScale,
  type Embedder,
  type IdeaVectorIndex,
} from '@bookstrut/search'
import {
  bookPassages,
  cosineForScore,
  offBaseScale,
  type LexicalMatches,
  type PassageScheme,
  type SecondStageModel,
} from '@bookstrut/search/bench'
import { cachedEmbeddings } from '../embedding-cache.js'
import type { PoolBook } from '../tomt-data.js'
import { RRF_K, type ModeResult } from './report.js'

/**
 * The pool's passage vectors under one scheme (cached on disk under `cacheDir`) in the int8 `BookVectorIndex` the api
 * holds, and each book's float32 vectors for exact coverage figures.
 */
export async function poolIndex(
  pool: readonly PoolBook[],
  embedder: Embedder,
  scheme: PassageScheme,
  schemeName: string,
  cacheDir: string,
) {
  const passages = pool.map((b) =>
    bookPassages({ title: b.title, ideas: [], description: b.description }, scheme),
  )
  const bySource = async (source: PoolBook['source'], name: string) => {
    const texts = pool.flatMap((b, i) => (b.source === source ? passages[i]! : []))
    return texts.length === 0 ? [] : cachedEmbeddings(embedder, { cacheDir, name, texts })
  }
  // Pool books are in source order (corpus first), as the vectors are. The product scheme keeps the cache
  // names of earlier runs.
  const suffix = schemeName === 'product' ? '' : `-${schemeName}`
  const vectors = [
    ...(await bySource('corpus', `tomt-corpus${suffix}`)),
    ...(await bySource('distractor', `goodreads-distractors${suffix}`)),
  ]
  const bookVectors = new Map<string, Float32Array[]>()
  const index = new BookVectorIndex(embedder.dimensions)
  let row = 0
  pool.forEach((b, i) => {
    const own = vectors.slice(row, row + passages[i]!.length)
    row += own.length
    bookVectors.set(b.id, own)
    index.upsert(b.id, own)
  })
  console.log(`passages ${schemeName}: ${row} vectors for ${pool.length} books`)
  return { index, bookVectors }
}

export interface IdeaModeOptions {
  lexical?: LexicalMatches[]
  lexicalWeight?: number
  floor?: number
  scale: CosineScale
  secondStage?: SecondStageModel
  /** the agreed ideas' passages apart from the books' own (found it), as the api holds them */
  foundIdeas?: IdeaVectorIndex
}

/** Idea mode as the product ranks (`rankBooks`), with the given fusion and floor, over every query. */
export function ideaMode(
  name: string,
  index: IdeaVectorIndex,
  ideas: Float32Array[][],
  opts: IdeaModeOptions,
  extraMs = 0,
): ModeResult {
  const started = performance.now()
  const scored = ideas.map((vectors, qi) =>
    rankBooks(index, vectors, {
      lexical: opts.lexical?.[qi],
      lexicalWeight: opts.lexicalWeight,
      floor: opts.floor,
      scale: opts.scale,
      secondStage: opts.secondStage ?? false,
      foundIdeas: opts.foundIdeas,
    }),
  )
  const ms = (performance.now() - started) / ideas.length + extraMs
  const rankings = scored.map((r) => r.map((b) => b.bookId))
  return { name, rankings, scored, listed: rankings.map((r) => r.length), msPerQuery: ms }
}

/**
 * The alternative to score fusion, for the table: per idea, reciprocal-rank fusion of the cosine ranking and the
 * BM25 ranking of that idea; a book's score is the sum over its ideas. It yields an order, not Strut scores.
 */
export function rrfPerIdea(
  name: string,
  index: BookVectorIndex,
  ideas: Float32Array[][],
  lexical: LexicalMatches[],
  scale: CosineScale,
): ModeResult {
  const floorCosine = offBaseScale(scale, cosineForScore(RELEVANCE_FLOOR))
  const rankings = ideas.map((vectors, qi) => {
    const coverage = index.search(vectors, { floorCosine })
    const score = new Map<string, number>()
    vectors.forEach((_, i) => {
      const byCosine = coverage.bookIds
        .map((id, b) => [id, coverage.cosines[b * coverage.ideas + i]!] as const)
        .sort((a, b) => b[1] - a[1])
        .slice(0, MAX_RANKED)
      byCosine.forEach(([id], r) => score.set(id, (score.get(id) ?? 0) + 1 / (RRF_K + r + 1)))
      ;[...lexical[qi]![i]!.entries()]
        .sort((a, b) => b[1] - a[1])
        .forEach(([id], r) => score.set(id, (score.get(id) ?? 0) + 1 / (RRF_K + r + 1)))
    })
    return [...score.entries()]
      .sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))
      .slice(0, MAX_RANKED)
      .map(([id]) => id)
  })
  return { name, rankings, listed: rankings.map((r) => r.length) }
}
