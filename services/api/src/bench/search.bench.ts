import { availableParallelism, loadavg } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { DEFAULT_EMBEDDING_MODEL, loadConfig } from '@bookstrut/core'
import {
  BookVectorIndex,
  bookPassages,
  createEmbedder,
  createThreadedEmbedder,
  hasLocalModel,
  IdeaEmbeddings,
  MAX_RANKED,
  passesFloor,
  QUANT_SCALE,
  rankBooks,
  strutScores,
} from '@bookstrut/search'
import { gaussian, mean, quantile, seededRandom } from './bench-stats.js'
import { cachedEmbeddings } from './embedding-cache.js'
import { DEFAULT_SHARED_DATA_DIR, loadPool, loadQueries } from './tomt-data.js'
import { benchKeywordSearch } from './keyword-search.bench.js'

/**
 * `npm run bench:search -- [--sizes 10000,100000] [--queries 300] [--data DIR] [--keyword-only]`: idea search latency on
 * synthetic catalogues. Each book has 3-9 passage vectors (6 on average) made from real MiniLM passage
 * embeddings of the tomt corpus (two mixed, plus noise, normalised: as clustered as real text, unlike uniform
 * random vectors), loaded into the api's `BookVectorIndex`. Real readers' ideas are the queries. Prints build
 * time, memory, p50/p95 of `rankBooks` on cached idea vectors and of a full request with fresh embeddings,
 * and checks `rankBooks` against brute-force rankings in float32 and in the index's own int8 arithmetic. Fresh
 * requests go through the api's path: `IdeaEmbeddings` on the threaded embedder (EMBEDDING_THREADS), then
 * `rankBooks`. Then keyword search on the same sizes (keyword-search.bench.ts: a scratch database on
 * TEST_DATABASE_URL); `--keyword-only` measures keyword search alone (no model needed, a few minutes).
 */
const USAGE =
  'Usage: npm run bench:search -- [--sizes 10000,100000] [--queries 300] [--data DIR] [--keyword-only]'

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
        queries: { type: 'string', default: '300' },
        data: { type: 'string', default: DEFAULT_SHARED_DATA_DIR },
        'keyword-only': { type: 'boolean', default: false },
      },
    })
    const sizes = values.sizes.split(',').map(Number)
    const queries = Number(values.queries)
    if (sizes.some((n) => !Number.isInteger(n) || n < 1)) return null
    if (!Number.isInteger(queries) || queries < 1) return null
    return { sizes, queries, dataDir: path.resolve(values.data), keywordOnly: values['keyword-only'] }
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

const { bases, cachedQueries, freshQueries } = await loadRealVectors()
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
rows.push(...(await benchKeywordSearch(keywordOptions)))
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
    freshQueries: freshTexts,
  }
}

type Catalogue = ReturnType<typeof syntheticCatalogue>

/** `count` books of 3-9 unit vectors, each two real passage vectors mixed plus noise; one flat float32 array. */
function syntheticCatalogue(count: number) {
  const random = seededRandom(count)
  const sizes = Array.from({ length: count }, () => 3 + Math.floor(random() * 7))
  const total = sizes.reduce((a, b) => a + b, 0)
  const data = new Float32Array(total * dim)
  const sigma = NOISE / Math.sqrt(dim)
  for (let r = 0; r < total; r++) {
    const v = data.subarray(r * dim, (r + 1) * dim)
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
  }
  const books: Float32Array[][] = []
  let row = 0
  for (const n of sizes) {
    books.push(Array.from({ length: n }, (_, i) => data.subarray((row + i) * dim, (row + i + 1) * dim)))
    row += n
  }
  return { books, sizes, data, vectors: total }
}

async function benchSize(size: number): Promise<string[]> {
  const generated = performance.now()
  const catalogue = syntheticCatalogue(size)
  const ids = catalogue.books.map((_, i) => `book${String(i).padStart(20, '0')}`)
  console.log(
    `${size} books: ${catalogue.vectors} vectors generated in ` +
      `${((performance.now() - generated) / 1000).toFixed(1)} s; ` +
      `mean pairwise cosine ${pairwiseCosine(catalogue.books.flat()).toFixed(3)} ` +
      `(real tomt passages: ${pairwiseCosine(bases).toFixed(3)})`,
  )

  collect()
  const before = process.memoryUsage()
  const built = performance.now()
  const index = new BookVectorIndex(dim)
  catalogue.books.forEach((vectors, i) => index.upsert(ids[i]!, vectors))
  const buildMs = performance.now() - built
  collect()
  const after = process.memoryUsage()
  const rssDelta = after.rss - before.rss
  const buffersDelta = after.arrayBuffers - before.arrayBuffers
  console.log(
    `  index built in ${(buildMs / 1000).toFixed(2)} s; memoryBytes ${mb(index.memoryBytes)} ` +
      `(${mb(index.vectorCount * (dim + 4))} used by ${index.vectorCount} rows, the rest growth room); ` +
      `RSS +${mb(rssDelta)}, array buffers +${mb(buffersDelta)}`,
  )

  // Cached idea vectors: rankBooks alone.
  const listed: number[] = []
  for (const q of cachedQueries.slice(0, WARM_UP)) rankBooks(index, q)
  const cached = cachedQueries.map((q) => {
    const started = performance.now()
    listed.push(rankBooks(index, q).length)
    return performance.now() - started
  })
  console.log(
    `  books listed per query: median ${quantile(listed, 0.5)}, ` +
      `${listed.filter((n) => n >= MAX_RANKED).length}/${listed.length} at MAX_RANKED ${MAX_RANKED}`,
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

  const verified = performance.now()
  const agreement = verify(index, ids, catalogue, size >= 50_000 ? 20 : 50)
  console.log(`  verified against brute force in ${((performance.now() - verified) / 1000).toFixed(1)} s`)
  const row = (measure: string, values: number[], target?: number) => {
    const p95 = quantile(values, 0.95)
    const verdict = target === undefined ? '' : `p95 < ${target} ms: ${p95 < target ? 'met' : 'MISSED'}`
    return `${String(size).padEnd(9)}${measure.padEnd(44)}${ms(quantile(values, 0.5))}${ms(p95)}  ${verdict}`
  }
  return [
    row(`rankBooks, cached idea vectors (n=${cached.length})`, cached, TARGETS.cachedP95Ms),
    row(`embed 1-3 fresh ideas only (n=${embedOnly.length})`, embedOnly),
    row(`fresh request: embed + rankBooks (n=${full.length})`, full, TARGETS.freshP95Ms),
    `${String(size).padEnd(9)}build ${(buildMs / 1000).toFixed(2)} s, memoryBytes ${mb(index.memoryBytes)}, ` +
      `RSS +${mb(rssDelta)}, array buffers +${mb(buffersDelta)}`,
    `${String(size).padEnd(9)}recall@10 of rankBooks vs brute force (${agreement.queries} queries): ` +
      `float32 ${agreement.float32.toFixed(3)} (${agreement.identicalFloat} identical top 10), ` +
      `same int8 arithmetic ${agreement.int8.toFixed(3)} (${agreement.identicalInt8} identical)`,
  ]
}

/**
 * rankBooks' top 10 against plain JavaScript rankings of every book (strutScores of each book's best cosine per
 * idea, the relevance floor, hellaScore order, ties by id): the share of their top 10 that rankBooks lists.
 * Against float32 cosines (what an exact float index would rank) and against the same int8 arithmetic as the
 * index (so that what differs there comes from the search itself, not from quantisation).
 */
function verify(index: BookVectorIndex, ids: string[], catalogue: Catalogue, sample: number) {
  const { data, sizes } = catalogue
  const quantized = quantize(data)
  const result = { queries: 0, float32: 0, int8: 0, identicalFloat: 0, identicalInt8: 0, expected: 0 }
  for (const q of cachedQueries.slice(0, sample)) {
    const qq = q.map(quantize)
    const float32: { id: string; hella: number }[] = []
    const int8: { id: string; hella: number }[] = []
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
      if (passesFloor(fs)) float32.push({ id: ids[b]!, hella: fs.hella })
      const is = strutScores(bestInt8.map((d) => d / SCALE2))
      if (passesFloor(is)) int8.push({ id: ids[b]!, hella: is.hella })
    })
    const got = rankBooks(index, q)
      .slice(0, 10)
      .map((r) => r.bookId)
    const top10 = (list: { id: string; hella: number }[]) =>
      list
        .sort((x, y) => y.hella - x.hella || (x.id < y.id ? -1 : 1))
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

function pairwiseCosine(vectors: Float32Array[]) {
  const random = seededRandom(3)
  const pick = () => vectors[Math.floor(random() * vectors.length)]!
  return mean(Array.from({ length: 5000 }, () => dot(pick(), pick())))
}

function ms(value: number) {
  return `${value.toFixed(1)} ms`.padStart(10)
}

function mb(bytes: number) {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`
}
