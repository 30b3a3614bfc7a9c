import { availableParallelism, loadavg } from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { DEFAULT_EMBEDDING_MODEL, loadConfig } from '@bookstrut/core'
import {
  AnnBookVectorIndex,
  BookTextIndex,
  BookVectorIndex,
  createThreadedEmbedder,
  hasLocalModel,
  IdeaEmbeddings,
  MAX_RANKED,
  rankBooks,
} from '@bookstrut/search'
import {
  ANN_DEFAULTS,
  bookPassages,
  createEmbedder,
  passesFloor,
  QUANT_SCALE,
  loadSecondStageModel,
  strutScores,
} from '@bookstrut/search/bench'
import usearch from 'usearch'
import { gaussian, mean, quantile, seededRandom } from '../bench-stats.js'
import { cachedEmbeddings } from '../embedding-cache.js'
import { DEFAULT_SHARED_DATA_DIR, loadPool, loadQueries } from '../tomt-data.js'
import { benchKeywordSearch } from './keyword-search.js'
import { loadSourceBooks, syntheticBookText, type SourceBook } from '../synthetic-books.js'

/**
 * `npm run bench:search -- [--sizes 10000,100000 | --books N] [--ann] [--queries 300] [--data DIR] [--keyword-only]`:
 * idea search latency on
 * synthetic catalogues. Each book has 3-9 passage vectors (6 on average) made from real MiniLM passage
 * embeddings of the tomt corpus (two mixed, plus noise, normalised: as clustered as real text, unlike uniform
 * random vectors), loaded into the api's `BookVectorIndex`. Real readers' ideas are the queries. Prints build
 * time, memory, p50/p95 of `rankBooks` on cached idea vectors and of a full request with fresh embeddings,
 * and checks `rankBooks` against brute-force rankings in float32 and in the index's own int8 arithmetic. Fresh
 * requests go through the api's path: `IdeaEmbeddings` on the threaded embedder (EMBEDDING_THREADS), then
 * `rankBooks`. The bare limit is measured in the same run: usearch's native SIMD brute force of the same three
 * int8 ideas over the same int8 rows (top 1, every core, nothing else), and rankBooks' time is printed as a multiple
 * of it. The product's path adds words: each synthetic book also has a text (title, ideas, description) of real
 * Goodreads text recombined (synthetic-books.ts), indexed in the api's `BookTextIndex`; the same queries are timed
 * through `matchIdeas` alone, `matchIdeas` + `rankBooks` with those lexical matches (cached idea vectors), and a
 * fresh request with them, beside the index's build time and memory. `--ann` also builds the approximate index (projected rows)
 * over the same books (`--ann-only`: nothing else) and prints its build time, memory,
 * latency and recall@10 against the exact index. Catalogues over 200,000 books are generated book by book (no
 * float32 copy) and checked against the exact index only. Then keyword search on the same sizes (keyword-search.ts: a scratch database on
 * TEST_DATABASE_URL); `--keyword-only` measures keyword search alone (no model needed, a few minutes).
 */
const USAGE =
  'Usage: npm run bench:search -- [--sizes 10000,100000 | --books N] [--ann | --ann-only] [--ann-candidates 1000,3000] [--ann-share 0.25] [--ann-dims 64] ' +
  '[--ann-words] [--queries 300] ' +
  '[--check-queries N] ' +
  '[--data DIR] [--keyword-only]'
/** Above this many books the float32 catalogue is not kept (it would take 9 GB at a million books). */
const FLOAT_CHECK_MAX_BOOKS = 200_000

/** Real passage vectors the synthetic ones are mixed from. */
const BASES = 500
/** Per-component noise (times 1/sqrt(dim)): tuned so that pairwise cosines and the number of books listed
 * per query match the real 9,500-book pool of bench:quality (printed below for comparison). */
const NOISE = 0.7
/** The targets are set for 100,000 books; smaller catalogues are held to them too. */
const TARGETS = { cachedP95Ms: 50, freshP95Ms: 150 }
const WARM_UP = 10
/** The index's int8 scaling (QUANT_SCALE), so that int8 dot products / SCALE2 are its cosines. */
const SCALE2 = QUANT_SCALE * QUANT_SCALE

function parseCommandLine() {
  try {
    const { values } = parseArgs({
      args: process.argv.slice(2),
      options: {
        sizes: { type: 'string', default: '10000,100000' },
        books: { type: 'string' },
        ann: { type: 'boolean', default: false },
        /** candidates tried on the one index built by --ann (default: the product's ANN_DEFAULTS.candidates) */
        'ann-candidates': { type: 'string' },
        /** shares of the projected rows read, tried on the same index (default: ANN_DEFAULTS.scanShare) */
        'ann-share': { type: 'string' },
        /** principal directions of the index built by --ann (default: ANN_DEFAULTS.dimensions) */
        'ann-dims': { type: 'string' },
        queries: { type: 'string', default: '300' },
        data: { type: 'string', default: DEFAULT_SHARED_DATA_DIR },
        'keyword-only': { type: 'boolean', default: false },
        /** with --ann: only the approximate index against the exact one (no exact, fresh or lexical timings) */
        'ann-only': { type: 'boolean', default: false },
        /** with --ann: also the product's words (BookTextIndex over synthetic texts) on the approximate index */
        'ann-words': { type: 'boolean', default: false },
        /** queries checked against a plain JavaScript brute force (minutes at 100,000 books); 0 skips the check */
        'check-queries': { type: 'string' },
      },
    })
    const sizes = (values.books ?? values.sizes).split(',').map(Number)
    const queries = Number(values.queries)
    if (sizes.some((n) => !Number.isInteger(n) || n < 1)) return null
    if (!Number.isInteger(queries) || queries < 1) return null
    const annCandidates = (values['ann-candidates'] ?? String(ANN_DEFAULTS.candidates)).split(',').map(Number)
    const annDimensions = Number(values['ann-dims'] ?? ANN_DEFAULTS.dimensions)
    if (annCandidates.some((n) => !Number.isInteger(n) || n < 1)) return null
    const annShares = (values['ann-share'] ?? String(ANN_DEFAULTS.scanShare)).split(',').map(Number)
    if (annShares.some((n) => !(n > 0 && n <= 1))) return null
    if (!Number.isInteger(annDimensions) || annDimensions < 1) return null
    const check = values['check-queries']
    if (check !== undefined && !(Number.isInteger(Number(check)) && Number(check) >= 0)) return null
    return {
      sizes,
      queries,
      ann: values.ann || values['ann-only'],
      annOnly: values['ann-only'],
      annWords: values['ann-words'],
      annCandidates,
      annShares,
      annDimensions,
      dataDir: path.resolve(values.data),
      keywordOnly: values['keyword-only'],
      checkQueries: values['check-queries'] === undefined ? undefined : Number(values['check-queries']),
    }
  } catch {
    return null
  }
}

const args = parseCommandLine()
if (!args) {
  console.error(USAGE)
  process.exit(2)
}
const TABLE_HEADER = `\n${'books'.padEnd(9)}${'measure'.padEnd(44)}${'p50'.padStart(10)}${'p95'.padStart(10)}  target\n`
const keywordOptions = { sizes: args.sizes, queries: args.queries, dataDir: args.dataDir }
if (args.keywordOnly) {
  console.log(TABLE_HEADER + (await benchKeywordSearch(keywordOptions)).join('\n'))
  process.exit(0)
}
console.log('(keyword search alone: npm run bench:search -- --keyword-only)')
const config = loadConfig()
const model = DEFAULT_EMBEDDING_MODEL
if (!hasLocalModel(config.search.modelsDir, model)) {
  console.error(`model ${model} is not under MODELS_DIR (${config.search.modelsDir ?? 'unset'})`)
  process.exit(2)
}
// Memory deltas are read after a full collection; the flag is set here because npm scripts do not pass it.
setFlagsFromString('--expose-gc')
const collect = runInNewContext('gc') as () => void

const { bases, cachedQueries, cachedTexts, freshQueries } = await loadRealVectors()
const sourceBooks = await loadSourceBooks(args.dataDir)
const dim = bases[0]!.length
console.log(
  `bench:search  model=${model}  ${availableParallelism()} cores, embedder thread with ` +
    `${config.search.embeddingThreads} onnxruntime thread(s)\n` +
    `${cachedQueries.length} cached-vector queries, ${freshQueries.length} fresh requests (real tomt ideas); ` +
    `load average at start ${loadavg()[0]!.toFixed(1)} (timings are only comparable on an idle machine)\n`,
)
const fresh = await createThreadedEmbedder({
  modelId: model,
  modelsDir: config.search.modelsDir,
  threads: config.search.embeddingThreads,
})

const rows: string[] = []
try {
  for (const size of args.sizes) rows.push(...(await benchSize(size)))
} finally {
  await fresh.close()
}
// Keyword search takes minutes and has no approximate mode: only in the default run.
if (!args.ann && !process.argv.includes('--books')) rows.push(...(await benchKeywordSearch(keywordOptions)))
console.log(TABLE_HEADER + rows.join('\n'))

/**
 * The real vectors: passage vectors of the tomt corpus (from bench:quality's cache, computed if missing) to mix
 * books from, and the ideas of real requests, embedded once for the cached measure and kept as text for the
 * fresh one (distinct requests, so no idea is in the embedder's cache).
 */
async function loadRealVectors() {
  const pool = (await loadPool(args!.dataDir)).filter((b) => b.source === 'corpus')
  const texts = pool.flatMap((b) => bookPassages({ title: b.title, ideas: [], description: b.description }))
  const queries = (await loadQueries(args!.dataDir, 'all'))
    .map((q) => q.ideas.map((i) => i.trim()).filter(Boolean))
    .filter((ideas) => ideas.length > 0)
  const cached = queries.slice(0, args!.queries)
  const freshTexts = queries.slice(args!.queries, args!.queries * 2)
  const embedder = await createEmbedder({
    modelId: model,
    modelsDir: config.search.modelsDir,
    threads: availableParallelism(),
  })
  const cacheDir = path.join(config.dataDir, 'bench-cache')
  const passages = await cachedEmbeddings(embedder, { cacheDir, name: 'tomt-corpus', texts })
  const ideaVectors = await cachedEmbeddings(embedder, {
    cacheDir,
    name: 'tomt-ideas',
    texts: cached.flat(),
  })
  await embedder.close()
  const random = seededRandom(1)
  const cachedQueries: Float32Array[][] = []
  let at = 0
  for (const ideas of cached) {
    cachedQueries.push(ideaVectors.slice(at, at + ideas.length))
    at += ideas.length
  }
  return {
    bases: Array.from({ length: BASES }, () => passages[Math.floor(random() * passages.length)]!),
    cachedQueries,
    cachedTexts: cached,
    freshQueries: freshTexts,
  }
}

/**
 * `count` books of 3-9 unit vectors, each two real passage vectors mixed plus noise, handed to `add` book by book;
 * kept in one flat float32 array too when `keep` (for the float32 check).
 */
function syntheticCatalogue(
  count: number,
  keep: boolean,
  add: (book: number, vectors: Float32Array[]) => void,
) {
  const random = seededRandom(count)
  const sizes = Array.from({ length: count }, () => 3 + Math.floor(random() * 7))
  const total = sizes.reduce((a, b) => a + b, 0)
  const data = keep ? new Float32Array(total * dim) : null
  const sigma = NOISE / Math.sqrt(dim)
  let row = 0
  sizes.forEach((n, book) => {
    const vectors = Array.from({ length: n }, (_, i) => {
      const v = data ? data.subarray((row + i) * dim, (row + i + 1) * dim) : new Float32Array(dim)
      const a = bases[Math.floor(random() * BASES)]!
      const b = bases[Math.floor(random() * BASES)]!
      const w = random() * 0.7
      let norm = 0
      for (let j = 0; j < dim; j++) {
        const x = a[j]! + w * b[j]! + sigma * gaussian(random)
        v[j] = x
        norm += x * x
      }
      norm = Math.sqrt(norm)
      for (let j = 0; j < dim; j++) v[j]! /= norm
      return v
    })
    add(book, vectors)
    row += n
  })
  return { sizes, data, vectors: total }
}

/** Every row of the index, int8, one after the other: the input of the bare-limit pass. */
function int8Rows(index: BookVectorIndex, ids: string[]): Int8Array {
  const out = new Int8Array(index.vectorCount * dim)
  let at = 0
  for (const id of ids) {
    const rows = index.rowsOf(id)!
    out.set(rows, at)
    at += rows.length
  }
  return out
}

/**
 * The bare limit of one query: usearch's native SIMD brute force (simsimd int8 kernels) of the three int8 ideas
 * over every int8 row, top 1 each, on every core: the arithmetic and memory traffic of a full pass, nothing else.
 */
function bareLimit(rows: Int8Array, ideas: Float32Array[]): number {
  const q = new Int8Array(ideas.length * dim)
  ideas.forEach((v, i) => q.set(quantize(v), i * dim))
  const started = performance.now()
  usearch.exactSearch(rows, q, dim, 1, usearch.MetricKind.IP, availableParallelism())
  return performance.now() - started
}

async function benchSize(size: number): Promise<string[]> {
  const ids = Array.from({ length: size }, (_, i) => `book${String(i).padStart(20, '0')}`)
  const keep = size <= FLOAT_CHECK_MAX_BOOKS
  collect()
  const before = process.memoryUsage()
  const built = performance.now()
  const index = new BookVectorIndex(dim)
  const catalogue = syntheticCatalogue(size, keep, (b, vectors) => index.upsert(ids[b]!, vectors))
  const buildMs = performance.now() - built
  collect()
  const after = process.memoryUsage()
  const rssDelta = after.rss - before.rss
  const buffersDelta = after.arrayBuffers - before.arrayBuffers
  console.log(
    `${size} books: ${catalogue.vectors} vectors generated and indexed in ${(buildMs / 1000).toFixed(1)} s` +
      (catalogue.data
        ? `; mean pairwise cosine ${pairwiseCosine(catalogue.data).toFixed(3)} ` +
          `(real tomt passages: ${pairwiseCosine(bases).toFixed(3)})`
        : ''),
  )
  console.log(
    `  memoryBytes ${mb(index.memoryBytes)} (${mb(index.vectorCount * (dim + 4))} used by ${index.vectorCount} ` +
      `rows, the rest growth room); RSS +${mb(rssDelta)}, array buffers +${mb(buffersDelta)} ` +
      `(with the float32 catalogue: ${catalogue.data ? mb(catalogue.data.byteLength) : 'not kept'}; and the ` +
      `generator's freed per-vector arrays, which the allocator keeps for a while: at a million books RSS ` +
      `is about 13 GB over memoryBytes here, 3 GB a few minutes later)`,
  )

  // One line of the table: a measure's p50 and p95, and the verdict against its target.
  const row = (measure: string, values: number[], target?: number) => {
    const p95 = quantile(values, 0.95)
    const verdict = target === undefined ? '' : `p95 < ${target} ms: ${p95 < target ? 'met' : 'MISSED'}`
    return `${String(size).padEnd(9)}${measure.padEnd(44)}${ms(quantile(values, 0.5))}${ms(p95)}  ${verdict}`
  }
  if (args!.annOnly) return benchAnn(size, index, row)

  // Cached idea vectors: rankBooks alone, each query right after the bare limit on the same ideas (same load).
  const rows8 = int8Rows(index, ids)
  const listed: number[] = []
  for (const q of cachedQueries.slice(0, WARM_UP)) {
    rankBooks(index, q)
    bareLimit(rows8, q)
  }
  const bare: number[] = []
  const cached = cachedQueries.map((q) => {
    bare.push(bareLimit(rows8, q))
    const started = performance.now()
    listed.push(rankBooks(index, q).length)
    return performance.now() - started
  })
  console.log(
    `  books listed per query: median ${quantile(listed, 0.5)}, ` +
      `${listed.filter((n) => n >= MAX_RANKED).length}/${listed.length} at MAX_RANKED ${MAX_RANKED}; ` +
      `load average now ${loadavg()[0]!.toFixed(1)}`,
  )

  // A full request: three new ideas embedded on the embedder thread, then ranked.
  const ideas = new IdeaEmbeddings(fresh)
  for (const q of freshQueries.slice(0, WARM_UP)) await fresh.embed(q.map((i) => `${i} (warm-up)`))
  const embedOnly: number[] = []
  const full: number[] = []
  for (const q of freshQueries) {
    const started = performance.now()
    const vectors = await ideas.embed(q)
    embedOnly.push(performance.now() - started)
    rankBooks(index, vectors)
    full.push(performance.now() - started)
  }

  const ratio = (x: number[]) => (quantile(x, 0.5) / quantile(bare, 0.5)).toFixed(2)
  const lexical = await benchLexical(size, ids, index, ideas)
  const lines = [
    row(`bare limit: native SIMD pass, 3 ideas (n=${bare.length})`, bare),
    row(`rankBooks, cached idea vectors (n=${cached.length})`, cached, TARGETS.cachedP95Ms),
    `${String(size).padEnd(9)}rankBooks / bare limit: p50 ${ratio(cached)}x, ` +
      `p95 ${(quantile(cached, 0.95) / quantile(bare, 0.95)).toFixed(2)}x (aim: 2x or less)`,
    row(`embed 1-3 fresh ideas only (n=${embedOnly.length})`, embedOnly),
    row(`fresh request: embed + rankBooks (n=${full.length})`, full, TARGETS.freshP95Ms),
    `${String(size).padEnd(9)}build ${(buildMs / 1000).toFixed(2)} s, memoryBytes ${mb(index.memoryBytes)}, ` +
      `RSS +${mb(rssDelta)}, array buffers +${mb(buffersDelta)}`,
    ...lexical.rows(row),
  ]

  const checkQueries = args!.checkQueries ?? (size >= 50_000 ? 20 : 50)
  if (catalogue.data && checkQueries > 0) {
    const verified = performance.now()
    const agreement = verify(index, ids, { data: catalogue.data, sizes: catalogue.sizes }, checkQueries)
    console.log(`  verified against brute force in ${((performance.now() - verified) / 1000).toFixed(1)} s`)
    lines.push(
      `${String(size).padEnd(9)}recall@10 of rankBooks vs brute force (${agreement.queries} queries): ` +
        `float32 ${agreement.float32.toFixed(3)} (${agreement.identicalFloat} identical top 10), ` +
        `same int8 arithmetic ${agreement.int8.toFixed(3)} (${agreement.identicalInt8} identical)`,
    )
  }
  // Printed now as well: the approximate index's build can take many minutes.
  console.log(lines.map((l) => `  ${l}`).join('\n'))
  if (args!.ann) lines.push(...(await benchAnn(size, index, row)))
  return lines
}

/**
 * The product's path, with words: a text for every book of the catalogue (the same ids) in a BookTextIndex, then
 * the same queries timed through matchIdeas alone, matchIdeas + rankBooks (cached idea vectors) and a fresh
 * request (embed + matchIdeas + rankBooks, as IdeaIndex.rank does). Prints how many books each idea's words
 * match, so that the load on the lexical index can be compared with a real catalogue's.
 */
async function benchLexical(size: number, ids: string[], index: BookVectorIndex, ideas: IdeaEmbeddings) {
  const secondStage = loadSecondStageModel()
  const { text, summary } = measuredTextIndex(size, ids)
  for (const [q, vectors] of cachedQueries.slice(0, WARM_UP).entries())
    rankBooks(index, vectors, { lexical: text.matchIdeas(cachedTexts[q]!) })
  const matchOnly: number[] = []
  const withLexical: number[] = []
  const withSecondStage: number[] = []
  // What the words add inside rankBooks (the books they found scored exactly): the same query ranked with and
  // without them, back to back, so that both see the same load.
  const fusionCost: number[] = []
  const listed: number[] = []
  cachedQueries.forEach((vectors, q) => {
    const started = performance.now()
    const lexical = text.matchIdeas(cachedTexts[q]!)
    const matchedAt = performance.now()
    matchOnly.push(matchedAt - started)
    listed.push(rankBooks(index, vectors, { lexical, secondStage: false }).length)
    const rankedAt = performance.now()
    withLexical.push(rankedAt - started)
    rankBooks(index, vectors)
    fusionCost.push(rankedAt - matchedAt - (performance.now() - rankedAt))
    // The same, then the second stage over the listed books (the committed model).
    const secondStarted = performance.now()
    rankBooks(index, vectors, { lexical: text.matchIdeas(cachedTexts[q]!), secondStage })
    withSecondStage.push(performance.now() - secondStarted)
  })
  const fresh: number[] = []
  const freshSecond: number[] = []
  for (const q of freshQueries) {
    for (const [stage, times] of [
      [false, fresh],
      [secondStage, freshSecond],
    ] as const) {
      const started = performance.now()
      const vectors = await ideas.embed(q.map((i) => `${i} (lexical${stage ? ', second stage' : ''})`))
      rankBooks(index, vectors, { lexical: text.matchIdeas(q), secondStage: stage })
      times.push(performance.now() - started)
    }
  }
  console.log(
    `  with words: books listed per query median ${quantile(listed, 0.5)}; load average now ${loadavg()[0]!.toFixed(1)}`,
  )
  return {
    rows: (row: (measure: string, values: number[], target?: number) => string) => [
      row(`lexical: matchIdeas alone (n=${matchOnly.length})`, matchOnly),
      row(
        `lexical: matchIdeas + rankBooks, cached (n=${withLexical.length})`,
        withLexical,
        TARGETS.cachedP95Ms,
      ),
      row(`+ second stage, cached`, withSecondStage, TARGETS.cachedP95Ms),
      row('lexical: rankBooks with words minus without', fusionCost),
      row(`lexical: fresh request, embed + both (n=${fresh.length})`, fresh, TARGETS.freshP95Ms),
      row(`+ second stage, fresh`, freshSecond, TARGETS.freshP95Ms),
      `${String(size).padEnd(9)}lexical: ${summary}`,
    ],
  }
}

/**
 * The text index of the catalogue (syntheticTexts), its build time and memory measured, and how many books each
 * query idea's words match (the load on it, to compare with a real catalogue's); `summary` says it in one line.
 */
function measuredTextIndex(size: number, ids: string[]) {
  collect()
  const before = process.memoryUsage()
  const started = performance.now()
  const text = syntheticTexts(sourceBooks, ids)
  const buildMs = performance.now() - started
  collect()
  const after = process.memoryUsage()
  const memory =
    `heap +${mb(after.heapUsed - before.heapUsed)}, ` +
    `array buffers +${mb(after.arrayBuffers - before.arrayBuffers)}`
  const matched = cachedTexts.flat().map((idea) => text.countMatches(idea))
  console.log(
    `  BookTextIndex: ${size} synthetic texts indexed in ${(buildMs / 1000).toFixed(1)} s; ${memory}; books ` +
      `matched per idea (before the depth cut): median ${quantile(matched, 0.5)}, ` +
      `p90 ${Math.round(quantile(matched, 0.9))}, none for ${matched.filter((n) => n === 0).length}/${matched.length} ideas`,
  )
  const summary =
    `BookTextIndex build ${(buildMs / 1000).toFixed(1)} s, ${memory}, ` +
    `books matched per idea median ${quantile(matched, 0.5)}`
  return { text, summary }
}

/** A BookTextIndex of one synthetic text (synthetic-books.ts) per id, seeded by the catalogue's size. */
function syntheticTexts(source: SourceBook[], ids: string[]) {
  const random = seededRandom(ids.length + 7)
  const text = new BookTextIndex()
  ids.forEach((id, i) => {
    const book = syntheticBookText(source, i, random)
    text.upsert(id, { title: book.title, ideas: book.ideas, description: book.description })
  })
  return text
}

/**
 * The approximate index over the same books (it wraps the exact index, so only the projected rows are new), built
 * as the app builds it (`AnnBookVectorIndex.building`: on this thread, in slices between which requests are served):
 * build time, the longest stall of this (the api's) thread meanwhile, the memory the projected rows add, then per
 * candidates setting rankBooks latency and recall@10 against the exact index's rankBooks.
 */
async function benchAnn(
  size: number,
  exact: BookVectorIndex,
  row: (measure: string, values: number[], target?: number) => string,
): Promise<string[]> {
  const stalls = monitorEventLoopDelay({ resolution: 10 })
  stalls.enable()
  const started = performance.now()
  const ann = await AnnBookVectorIndex.building(exact, { dimensions: args!.annDimensions }).built
  const buildS = (performance.now() - started) / 1000
  stalls.disable()
  const stallMs = stalls.max / 1e6
  const built =
    `build ${buildS.toFixed(1)} s (longest stall ${stallMs.toFixed(0)} ms), projected rows ` +
    `${mb(ann.projectedBytes)} beside the exact index's ${mb(exact.memoryBytes)}`
  console.log(
    `  ${ann.options.dimensions} principal directions (keeping ${(ann.keptShare * 100).toFixed(1)} % of the ` +
      `rows' energy), ${exact.vectorCount} rows projected: ${built}; load average ${loadavg()[0]!.toFixed(1)}`,
  )
  // The exact top 10s once (the reference for every setting tried), then each candidates setting on this index.
  const exactTimes: number[] = []
  const want = cachedQueries.map((q) => {
    const started = performance.now()
    const top = rankBooks(exact, q).slice(0, 10)
    exactTimes.push(performance.now() - started)
    return top
  })
  const lines: string[] = []
  const settings = args!.annShares.flatMap((scanShare) =>
    args!.annCandidates.map((candidates) => ({ scanShare, candidates })),
  )
  for (const { scanShare, candidates } of settings) {
    ann.tune({ scanShare, candidates })
    for (const q of cachedQueries.slice(0, WARM_UP)) rankBooks(ann, q)
    let found = 0
    let wanted = 0
    // Also by score: how many of its top 10 score at least the exact 10th (a near-tie swapped in counts as found).
    let asGood = 0
    let read = 0
    const times = cachedQueries.map((q, n) => {
      const started = performance.now()
      const got = rankBooks(ann, q)
      const elapsed = performance.now() - started
      read += ann.lastReadRows
      const gotTop = new Set(got.slice(0, 10).map((r) => r.bookId))
      const exact = want[n]!
      wanted += exact.length
      found += exact.filter((r) => gotTop.has(r.bookId)).length
      const tenth = exact.at(-1)?.scores.total ?? 0
      asGood += Math.min(exact.length, got.slice(0, 10).filter((r) => r.scores.total >= tenth).length)
      return elapsed
    })
    const recall = wanted === 0 ? 1 : found / wanted
    const byScore = wanted === 0 ? 1 : asGood / wanted
    lines.push(
      row(
        `ANN rankBooks, ${ann.options.dimensions} dims, ${scanShare} read, ${candidates} books (n=${times.length})`,
        times,
        TARGETS.cachedP95Ms,
      ),
      `${String(size).padEnd(9)}ANN: recall@10 vs exact ${recall.toFixed(3)} (aim 0.95; by score ` +
        `${byScore.toFixed(3)}), ${((100 * read) / times.length / exact.vectorCount).toFixed(1)} % of the rows ` +
        `read on average, ${built}; exact p50 here ${quantile(exactTimes, 0.5).toFixed(1)} ms`,
    )
    console.log(
      lines
        .slice(-2)
        .map((l) => `  ${l}`)
        .join('\n'),
    )
  }
  if (args!.annWords) lines.push(...benchAnnWords(size, exact, ann, row))
  return lines
}

/**
 * `--ann-words`: the product's path on the approximate index, words included (IdeaIndex.rank: matchIdeas, then
 * rankBooks with the lexical matches, whose books are rescored exactly beside the candidates), with the product's
 * settings: the text index's build time and memory, matchIdeas alone, both together, and recall@10 against the
 * exact index ranking with the same words.
 */
function benchAnnWords(
  size: number,
  exact: BookVectorIndex,
  ann: AnnBookVectorIndex,
  row: (measure: string, values: number[], target?: number) => string,
): string[] {
  ann.tune({ candidates: ANN_DEFAULTS.candidates, scanShare: ANN_DEFAULTS.scanShare })
  const { text, summary } = measuredTextIndex(size, [...exact.bookIds()])
  for (const [q, vectors] of cachedQueries.slice(0, WARM_UP).entries())
    rankBooks(ann, vectors, { lexical: text.matchIdeas(cachedTexts[q]!) })
  const matchOnly: number[] = []
  const both: number[] = []
  let found = 0
  let wanted = 0
  cachedQueries.forEach((vectors, q) => {
    const started = performance.now()
    const lexical = text.matchIdeas(cachedTexts[q]!)
    matchOnly.push(performance.now() - started)
    const got = rankBooks(ann, vectors, { lexical })
    both.push(performance.now() - started)
    const want = rankBooks(exact, vectors, { lexical }).slice(0, 10)
    const gotTop = new Set(got.slice(0, 10).map((r) => r.bookId))
    wanted += want.length
    found += want.filter((r) => gotTop.has(r.bookId)).length
  })
  const lines = [
    row(`ANN with words: matchIdeas alone (n=${matchOnly.length})`, matchOnly),
    row(`ANN with words: matchIdeas + rankBooks`, both, TARGETS.cachedP95Ms),
    `${String(size).padEnd(9)}ANN with words: recall@10 vs exact with words ` +
      `${(wanted === 0 ? 1 : found / wanted).toFixed(3)}; ${summary}`,
  ]
  console.log(lines.map((l) => `  ${l}`).join('\n'))
  return lines
}

/**
 * rankBooks' top 10 against plain JavaScript rankings of every book (strutScores of each book's best cosine per
 * idea, the relevance floor, hellaScore order, ties by id): the share of their top 10 that rankBooks lists.
 * Against float32 cosines (what an exact float index would rank) and against the same int8 arithmetic as the
 * index (so that what differs there comes from the search itself, not from quantisation).
 */
function verify(
  index: BookVectorIndex,
  ids: string[],
  catalogue: { data: Float32Array; sizes: number[] },
  sample: number,
) {
  const { data, sizes } = catalogue
  const quantized = quantize(data)
  const result = { queries: 0, float32: 0, int8: 0, identicalFloat: 0, identicalInt8: 0, expected: 0 }
  for (const q of cachedQueries.slice(0, sample)) {
    const qq = q.map(quantize)
    const float32: { id: string; total: number }[] = []
    const int8: { id: string; total: number }[] = []
    let row = 0
    sizes.forEach((n, b) => {
      const bestFloat = q.map(() => -1)
      const bestInt8 = q.map(() => -SCALE2)
      for (let r = row; r < row + n; r++) {
        for (let i = 0; i < q.length; i++) {
          const idea = q[i]!
          const ideaQ = qq[i]!
          let f = 0
          let d = 0
          for (let j = 0, o = r * dim; j < dim; j++, o++) {
            f += data[o]! * idea[j]!
            d += quantized[o]! * ideaQ[j]!
          }
          if (f > bestFloat[i]!) bestFloat[i] = f
          if (d > bestInt8[i]!) bestInt8[i] = d
        }
      }
      row += n
      const fs = strutScores(bestFloat)
      if (passesFloor(fs)) float32.push({ id: ids[b]!, total: fs.total })
      const is = strutScores(bestInt8.map((d) => d / SCALE2))
      if (passesFloor(is)) int8.push({ id: ids[b]!, total: is.total })
    })
    const got = rankBooks(index, q)
      .slice(0, 10)
      .map((r) => r.bookId)
    const top10 = (list: { id: string; total: number }[]) =>
      list
        .sort((x, y) => y.total - x.total || (x.id < y.id ? -1 : 1))
        .slice(0, 10)
        .map((e) => e.id)
    const [wantFloat, wantInt8] = [top10(float32), top10(int8)]
    result.queries++
    result.expected += wantFloat.length
    result.float32 += wantFloat.filter((id) => got.includes(id)).length
    result.int8 += wantInt8.filter((id) => got.includes(id)).length
    if (wantFloat.join() === got.join()) result.identicalFloat++
    if (wantInt8.join() === got.join()) result.identicalInt8++
  }
  const share = (n: number) => (result.expected === 0 ? 1 : n / result.expected)
  return { ...result, float32: share(result.float32), int8: share(result.int8) }
}

/**
 * The index's int8 rounding of a vector (vector-index.ts). A loop, because `Int8Array.from(typedArray, fn)`
 * first copies every value into a JavaScript array (230 million at 100,000 books).
 */
function quantize(v: Float32Array) {
  const out = new Int8Array(v.length)
  for (let i = 0; i < v.length; i++) out[i] = Math.max(-127, Math.min(127, Math.round(v[i]! * QUANT_SCALE)))
  return out
}

function dot(a: Float32Array, b: Float32Array) {
  let s = 0
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!
  return s
}

function pairwiseCosine(vectors: Float32Array[] | Float32Array) {
  const random = seededRandom(3)
  const count = Array.isArray(vectors) ? vectors.length : vectors.length / dim
  const pick = () => {
    const i = Math.floor(random() * count)
    return Array.isArray(vectors) ? vectors[i]! : vectors.subarray(i * dim, (i + 1) * dim)
  }
  return mean(Array.from({ length: 5000 }, () => dot(pick(), pick())))
}

function ms(value: number) {
  return `${value.toFixed(1)} ms`.padStart(10)
}

function mb(bytes: number) {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`
}
