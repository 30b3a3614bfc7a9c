import { availableParallelism } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import {
  createDb,
  DEFAULT_EMBEDDING_MODEL,
  loadConfig,
  migrateToLatest,
  podcastsRepo,
  type Db,
} from '@bookstrut/core'
import {
  BookVectorIndex,
  bookPassages,
  cosineForScore,
  createEmbedder,
  hasLocalModel,
  locateModel,
  MAX_RANKED,
  passingTrainedVersions,
  PASSAGE_SCHEME,
  rankBooks,
  RELEVANCE_FLOOR,
  strutScores,
  TRAINED_NAMESPACE,
} from '@bookstrut/search'
import { createScratchDatabase } from '@bookstrut/core/testing'
import { ensureCatalogueOwner } from '../import/catalogue-owner.js'
import { bootstrapMean, mean, quantile } from './bench-stats.js'
import { cachedEmbeddings } from './embedding-cache.js'
import { DEFAULT_SHARED_DATA_DIR, loadPool, loadQueries, type PoolBook, type TomtQuery } from './tomt-data.js'

/**
 * `npm run bench:quality -- [--split validation|train|all] [--limit N] [--models minilm,mpnet,trained] [--data DIR]`:
 * how often search finds the book a real reader was looking for (reddit-tomt-books-dev, validation split by
 * default) in a pool of ~9,500 books (the tomt corpus plus goodreads-books-mix distractors), for keyword mode
 * (the real `surfaceSearch` on a scratch database of TEST_DATABASE_URL), idea mode per model, and their
 * reciprocal-rank fusion. Pool vectors are cached under DATA_DIR/bench-cache, so only the first run per model
 * embeds (MiniLM ~3 min, mpnet ~40 min on 2 cores: opt in with `--models minilm,mpnet`).
 */
const USAGE =
  'Usage: npm run bench:quality -- [--split validation|train|all] [--limit N] [--models minilm,mpnet,trained] [--data DIR]'

/** `--models trained`: the newest trained idea encoder under DATA_DIR/models that passed its checks ('' if none). */
function newestTrained(): string {
  const [version] = passingTrainedVersions(loadConfig().search.trainedModelsDir)
  return version ? `${TRAINED_NAMESPACE}/${version}` : ''
}

const MODEL_ALIASES: Record<string, string> = {
  minilm: 'sentence-transformers/all-MiniLM-L6-v2',
  mpnet: 'sentence-transformers/all-mpnet-base-v2',
}
/** Reciprocal-rank fusion constant (Cormack et al. 2009). */
const RRF_K = 60
/** Keyword results fetched per query: deep enough for fusion to lift a book from below the first page. */
const KEYWORD_DEPTH = 100

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

function parseCommandLine() {
  try {
    const { values } = parseArgs({
      args: process.argv.slice(2),
      options: {
        split: { type: 'string', default: 'validation' },
        limit: { type: 'string' },
        models: { type: 'string', default: DEFAULT_EMBEDDING_MODEL },
        data: { type: 'string', default: DEFAULT_SHARED_DATA_DIR },
      },
    })
    const split = (['validation', 'train', 'all'] as const).find((s) => s === values.split)
    if (!split) return null
    const limit = values.limit === undefined ? Infinity : Number(values.limit)
    if (!Number.isInteger(limit) && limit !== Infinity) return null
    if (limit < 1) return null
    const models = values.models
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean)
      .map((m) => (m.toLowerCase() === 'trained' ? newestTrained() : (MODEL_ALIASES[m.toLowerCase()] ?? m)))
    if (models.length === 0 || models.includes('')) return null
    return { split, limit, models, dataDir: path.resolve(values.data) }
  } catch {
    return null
  }
}

/** One evaluated request: its ideas (blank ones dropped; 1-3 remain) and the pool ids of its answer. */
interface Query {
  id: string
  ideas: string[]
  relevant: Set<string>
}

/** A ranking per query (pool ids, best first), and the mean time it took. */
interface ModeResult {
  name: string
  rankings: string[][]
  msPerQuery?: number
}

const args = parseCommandLine()
if (!args) {
  console.error(USAGE)
  process.exit(2)
}
const config = loadConfig()
const cacheDir = path.join(config.dataDir, 'bench-cache')
for (const model of args.models) {
  const ref = locateModel(config.search, model)
  if (!hasLocalModel(ref.modelsDir, ref.modelId)) {
    console.error(`model ${model} is not under ${ref.modelsDir ?? 'MODELS_DIR (unset)'}`)
    process.exit(2)
  }
}

const pool = await loadPool(args.dataDir)
const poolIdOf = new Map(pool.map((b) => [b.key, b.id]))
const { queries, skipped } = toQueries((await loadQueries(args.dataDir, args.split)).slice(0, args.limit))
const passages = pool.map((b) => bookPassages({ title: b.title, ideas: [], description: b.description }))
const corpusCount = pool.filter((b) => b.source === 'corpus').length

console.log(
  `bench:quality  split=${args.split}  queries=${queries.length}` +
    (skipped > 0 ? ` (${skipped} without ideas or answer skipped)` : '') +
    `  ideas/query: ${ideaCountSummary(queries)}\n` +
    `pool: ${pool.length} books (${corpusCount} tomt corpus + ${pool.length - corpusCount} goodreads distractors), ` +
    `${passages.flat().length} passages (scheme ${PASSAGE_SCHEME}, no ideas: description chunks)\n`,
)

const modes: ModeResult[] = []
const [kwAll, kwAny] = await keywordModes(pool, queries)
const bm25 = bm25Mode(pool, queries)
modes.push(kwAll, kwAny, bm25)
const floorReports: string[] = []
const distributionReports: string[] = []
for (const model of args.models) {
  const idea = await ideaMode(model)
  const name = short(model)
  modes.push(
    idea.mode,
    { name: `RRF ${name} + kw all`, rankings: fuse(idea.mode.rankings, kwAll.rankings) },
    { name: `RRF ${name} + kw any`, rankings: fuse(idea.mode.rankings, kwAny.rankings) },
    { name: `RRF ${name} + bm25 (ref.)`, rankings: fuse(idea.mode.rankings, bm25.rankings) },
  )
  floorReports.push(idea.floorReport)
  distributionReports.push(idea.distribution)
}

printTable(modes, queries)
console.log(floorReports.join('\n'))
console.log(distributionReports.join('\n'))

function toQueries(lines: TomtQuery[]): { queries: Query[]; skipped: number } {
  const queries: Query[] = []
  for (const line of lines) {
    const ideas = line.ideas.map((i) => i.trim()).filter(Boolean)
    const relevant = new Set(line.relevant.flatMap((key) => poolIdOf.get(key) ?? []))
    // rankBooks scores any number of ideas (1-3 here): a request with fewer is ranked on the ones it has.
    if (ideas.length > 0 && relevant.size > 0) queries.push({ id: line.id, ideas, relevant })
  }
  return { queries, skipped: lines.length - queries.length }
}

function ideaCountSummary(qs: Query[]) {
  const counts = [3, 2, 1].map((n) => `${qs.filter((q) => q.ideas.length === n).length}×${n}`)
  return counts.join(' ')
}

function short(model: string) {
  return model.split('/').pop()!.replace(/^all-/, '')
}

/**
 * Keyword mode through the product's `surfaceSearch`, on a scratch database holding the pool as approved books.
 * "kw all" sends the three ideas joined by spaces, as a reader's keyword query would arrive (websearch syntax:
 * every word must match); "kw any" sends the same words joined by `or`, the query a hybrid could send instead.
 */
async function keywordModes(books: PoolBook[], qs: Query[]): Promise<[ModeResult, ModeResult]> {
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

async function insertPool(db: Db, books: PoolBook[]) {
  const now = new Date()
  const owner = await ensureCatalogueOwner(db, 'bench@bookstrut.local', 10, now)
  // The corpus has no authors: no book gets one, so both sources are matched on title and description alone.
  const rows = books.map((b) => ({
    id: b.id,
    source_id: b.key,
    create_by: owner.user.id,
    title: b.title,
    author: '',
    category_name: '',
    description: b.description,
    status: 1 as const,
    created_at: now,
    updated_at: now,
  }))
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('podcasts')
      .values(rows.slice(i, i + 1000))
      .execute()
  await sql`analyze podcasts`.execute(db)
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
      ? (await podcastsRepo.surfaceSearch(db, { term: text, offset: 0, limit: KEYWORD_DEPTH })).ids
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
function bm25Mode(books: PoolBook[], qs: Query[]): ModeResult {
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

/**
 * Idea mode with one model: the pool's passage vectors (cached on disk), the int8 `BookVectorIndex` the api
 * holds, and `rankBooks` per request. Also reports where the answers fall against the relevance floor, and
 * the cosine distributions that calibration (strut-score.ts) is tuned on.
 */
async function ideaMode(model: string) {
  const ref = locateModel(config.search, model)
  const embedder = await createEmbedder({
    modelId: ref.modelId,
    modelsDir: ref.modelsDir,
    threads: availableParallelism(),
  })
  const bySource = async (source: PoolBook['source'], name: string) => {
    const texts = pool.flatMap((b, i) => (b.source === source ? passages[i]! : []))
    return cachedEmbeddings(embedder, { cacheDir, name, texts })
  }
  const vectors = [
    ...(await bySource('corpus', 'tomt-corpus')),
    ...(await bySource('distractor', 'goodreads-distractors')),
  ]
  const ideaTexts = queries.flatMap((q) => q.ideas)
  const ideaVectors = await cachedEmbeddings(embedder, { cacheDir, name: 'tomt-ideas', texts: ideaTexts })
  await embedder.close()

  // Pool books are in source order (corpus first), as the vectors are.
  const bookVectors: Float32Array[][] = []
  let row = 0
  for (const p of passages) {
    bookVectors.push(vectors.slice(row, row + p.length))
    row += p.length
  }
  const index = new BookVectorIndex(embedder.dimensions)
  pool.forEach((b, i) => index.upsert(b.id, bookVectors[i]!))
  const slotOf = new Map(pool.map((b, i) => [b.id, i]))
  /** a book's exact (float32) coverage of each idea: its best cosine over its passages */
  const coverage = (bookId: string, ideas: Float32Array[]) =>
    ideas.map((idea) => Math.max(...bookVectors[slotOf.get(bookId)!]!.map((v) => dot(v, idea))))

  const rankings: string[][] = []
  const answer: number[][] = []
  const wrong: number[][] = []
  let noWrong = 0
  let offset = 0
  const started = performance.now()
  for (const q of queries) {
    const ideas = ideaVectors.slice(offset, offset + q.ideas.length)
    offset += q.ideas.length
    const ranked = rankBooks(index, ideas).map((r) => r.bookId)
    rankings.push(ranked)
    answer.push(coverage([...q.relevant][0]!, ideas))
    const topWrong = ranked.find((id) => !q.relevant.has(id))
    if (topWrong) wrong.push(coverage(topWrong, ideas))
    else noWrong++
  }
  const ms = (performance.now() - started) / queries.length

  const floorCosine = cosineForScore(RELEVANCE_FLOOR)
  const unlisted = rankings.filter((r, i) => !r.some((id) => queries[i]!.relevant.has(id))).length
  const belowFloor = answer.filter((c) => Math.max(...c) < floorCosine).length
  const emptyRankings = rankings.filter((r) => r.length === 0).length
  const floorReport =
    `${short(model)}: answer not listed at all for ${unlisted}/${queries.length} queries ` +
    `(${belowFloor} below the relevance floor, Strut ${RELEVANCE_FLOOR} = cosine ${floorCosine.toFixed(3)}; ` +
    `the rest beyond MAX_RANKED ${MAX_RANKED}); ${emptyRankings} queries list no book at all; ` +
    `${ms.toFixed(1)} ms/query (rankBooks on cached idea vectors, ${index.vectorCount} vectors)`
  return {
    mode: { name: `idea ${short(model)}`, rankings, msPerQuery: ms },
    floorReport,
    distribution: distribution(short(model), answer, wrong, noWrong),
  }
}

function dot(a: Float32Array, b: Float32Array) {
  let s = 0
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!
  return s
}

/** Per-idea coverage (cosine) of the answer and of the top-ranked wrong book: what calibration is tuned on. */
function distribution(model: string, answer: number[][], wrong: number[][], noWrong: number) {
  const hella = (c: number[]) => strutScores(c).hella
  const line = (label: string, values: number[], digits = 3) =>
    `  ${label.padEnd(36)}${[0.1, 0.5, 0.9].map((p) => quantile(values, p).toFixed(digits).padStart(8)).join('')}`
  const lines = [
    `\ncoverage distributions, ${model} (float32 cosine of the best passage per idea)`,
    `  ${''.padEnd(36)}${['p10', 'p50', 'p90'].map((h) => h.padStart(8)).join('')}`,
    line(
      `answer: best idea (n=${answer.length})`,
      answer.map((c) => Math.max(...c)),
    ),
    line(
      'answer: weakest idea',
      answer.map((c) => Math.min(...c)),
    ),
    line('answer: every idea', answer.flat()),
    line(
      `top wrong: best idea (n=${wrong.length})`,
      wrong.map((c) => Math.max(...c)),
    ),
    line(
      'top wrong: weakest idea',
      wrong.map((c) => Math.min(...c)),
    ),
    line('top wrong: every idea', wrong.flat()),
    line('answer: hellaScore', answer.map(hella), 1),
    line('top wrong: hellaScore', wrong.map(hella), 1),
  ]
  if (noWrong > 0) lines.push(`  (${noWrong} queries listed no wrong book)`)
  return lines.join('\n')
}

/** Reciprocal-rank fusion of two rankings per query: score = Σ 1 / (RRF_K + rank); ties by id. */
function fuse(a: string[][], b: string[][]): string[][] {
  return a.map((first, qi) => {
    const score = new Map<string, number>()
    for (const list of [first, b[qi]!])
      list.forEach((id, r) => score.set(id, (score.get(id) ?? 0) + 1 / (RRF_K + r + 1)))
    return [...score.entries()].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1)).map(([id]) => id)
  })
}

function printTable(results: ModeResult[], qs: Query[]) {
  const rankOf = (ranking: string[], q: Query) => {
    const i = ranking.findIndex((id) => q.relevant.has(id))
    return i < 0 ? Infinity : i + 1
  }
  const cell = (values: number[]) => {
    const b = bootstrapMean(values)
    return `${b.mean.toFixed(3)} [${b.low.toFixed(3)}, ${b.high.toFixed(3)}]`.padEnd(24)
  }
  console.log(
    `\n${'mode'.padEnd(34)}${'Recall@1'.padEnd(24)}${'Recall@10'.padEnd(24)}${'MRR@10'.padEnd(24)}ms/query`,
  )
  for (const m of results) {
    const ranks = qs.map((q, i) => rankOf(m.rankings[i]!, q))
    console.log(
      m.name.padEnd(34) +
        cell(ranks.map((r) => (r === 1 ? 1 : 0))) +
        cell(ranks.map((r) => (r <= 10 ? 1 : 0))) +
        cell(ranks.map((r) => (r <= 10 ? 1 / r : 0))) +
        (m.msPerQuery === undefined ? '' : m.msPerQuery.toFixed(1)),
    )
  }
  console.log(
    `(${qs.length} queries, pool ${pool.length} books; mean [95 % bootstrap interval: 1,000 resamples, fixed seed]; ` +
      `ms/query: keyword = surfaceSearch round trip, idea = rankBooks on cached idea vectors)\n`,
  )
}
