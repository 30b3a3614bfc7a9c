import { availableParallelism } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { booksRepo } from '@bookstrut/catalogue'
import { createDb, DEFAULT_EMBEDDING_MODEL, loadConfig, migrateToLatest, type Db } from '@bookstrut/core'
import { createScratchDatabase } from '@bookstrut/core/testing'
import {
  BookTextIndex,
  BookVectorIndex,
  bookPassages,
  cosineForScore,
  cosineScaleOf,
  LEXICAL_WEIGHT,
  PASSAGES,
  createEmbedder,
  hasLocalModel,
  loadSecondStageModel,
  SECOND_STAGE_MODEL_FILE,
  locateModel,
  MAX_RANKED,
  offBaseScale,
  onBaseScale,
  passingTrainedVersions,
  firstStage,
  rankBooks,
  RELEVANCE_FLOOR,
  REQUEST_JOINER,
  requestCosinesOf,
  readsReaderIdeas,
  SHIPPED_MODEL,
  strutScores,
  targetModel,
  TRAINED_NAMESPACE,
  type CosineScale,
  type Embedder,
  type LexicalMatches,
  type PassageScheme,
  type RankedBook,
  type ReaderIdeaSource,
  type SecondStageModel,
} from '@bookstrut/search'
import { insertPool } from './pool-database.js'
import { bootstrapMean, dot, mean, quantile } from './bench-stats.js'
import { cachedEmbeddings } from './embedding-cache.js'
import {
  DEFAULT_SHARED_DATA_DIR,
  loadPool,
  loadQueries,
  trainFoldOf,
  type PoolBook,
  type TomtQuery,
} from './tomt-data.js'
import { loadSanitySet, type SanityBook } from './sanity-set.js'
import { formTable, wordCount, wordingOf, type FormCase } from './idea-form.js'
import { scoreMeaningReport, writeSecondStageRows } from './second-stage-report.js'
import { writeCrossEncoderCandidates } from './cross-encoder-candidates.js'
import { loadFoundItEvidence, simulateFoundIt } from './found-it-simulation.js'
import { readerIdeaSource, readerIdeasOf } from './reader-ideas-simulation.js'

/**
 * `npm run bench:quality -- [--split validation|train|all] [--limit N] [--models auto,minilm,shipped,mpnet,trained]
 * [--data DIR]`:
 * how often search finds the book a real reader was looking for (reddit-tomt-books-dev, validation split by
 * default) in a pool of ~9,500 books (the tomt corpus plus goodreads-books-mix distractors), for keyword mode
 * (the real `surfaceSearch` on a scratch database of TEST_DATABASE_URL), idea mode per model, and their
 * reciprocal-rank fusion. Models: `auto` (the default) what EMBEDDING_MODEL=auto serves, `minilm` the base model,
 * `shipped` our idea encoder in the repository, `trained` the newest under DATA_DIR/models. Pool vectors are cached
 * under DATA_DIR/bench-cache, so only the first run per model embeds (MiniLM ~3 min, mpnet ~40 min on 2 cores: opt
 * in with `--models minilm,mpnet`). Each model ranks with its cosine scale (strut-score.ts CosineScale, from its
 * card); `--scale` tries another for every model. `--by-idea-form` adds Recall@10 by the ideas' length and wording.
 * The second stage (second-stage.ts) is measured with the committed model, or `--second-stage-model A.json,B.json`
 * (each, with paired bootstrap differences against the first stage and the first model; `none` skips it);
 * `--second-stage-rows FILE` writes its training rows for the split run
 * (train-split requests only, whatever `--split`; encoder/run.sh --second-stage trains on them).
 * `--candidates FILE` writes the second stage's candidates of every request run, with the books' texts, for the
 * cross-encoder (cross-encoder-candidates.ts).
 * `--found-it-from train` adds the product's "found it" loop fed with the train split's confirmed requests
 * (found-it-simulation.ts; never the dev split's): the first stage and the first second stage over the pool with the
 * agreed ideas, under the product's agreement rule and a one-reader variant, paired against the product, for all
 * requests run and separately for those whose answer some train request also asked for and the others.
 * `--fuse-base W[,W...]`: the first model's cosines fused with the base model's (MiniLM), W the base's weight: each
 * passage and idea embedded by both, their unit vectors joined as [√(1−W)·a, √W·b], so one int8 index scores
 * (1−W)·cos_a + W·cos_b (two embeddings per idea and twice the vector bytes per book in the product).
 * `--train-fold K/N` (with `--split train`): the model was trained on fold K of the train requests only
 * (`encoder:train --train-fold K/N`), so only the other folds' requests are run: second-stage rows from an encoder
 * that never saw their requests. Every second stage is given the whole request (RankOptions.request); the rows hold
 * its signals, and with `--whole-request` also the books only it lists (REQUEST_CANDIDATES).
 * `--reader-ideas N[,N...]`: readers' ideas for the second stages that read them (reader-ideas-simulation.ts: the
 * train requests as readers who confirmed their answer, a book counting once N others did, never a request itself);
 * each such stage runs once per N, and the rows hold their signals at the first N.
 */
const USAGE =
  'Usage: npm run bench:quality -- [--split validation|train|all] [--limit N] ' +
  '[--models auto,minilm,shipped,mpnet,trained] ' +
  '[--data DIR] [--passages product,sentences-title-first,...] [--pool full|corpus] [--sweep] [--skip-keyword] ' +
  '[--sanity-only] [--scale SLOPE,OFFSET] [--by-idea-form] [--second-stage-model FILE[,FILE...]|none] ' +
  '[--second-stage-rows FILE] [--candidates FILE] [--found-it-from train] [--fuse-base W[,W...]] [--whole-request] ' +
  '[--train-fold K/N] [--reader-ideas N[,N...]]'

/** `--models trained`: the newest trained idea encoder under DATA_DIR/models that passed its checks ('' if none). */
function newestTrained(): string {
  const [version] = passingTrainedVersions(loadConfig().search.trainedModelsDir)
  return version ? `${TRAINED_NAMESPACE}/${version}` : ''
}

/** `--models auto` (the default): the model EMBEDDING_MODEL=auto serves (model-registry.ts targetModel). */
const servedModel = () => targetModel(loadConfig({ ...process.env, EMBEDDING_MODEL: 'auto' }).search).id

const MODEL_ALIASES: Record<string, string> = {
  minilm: DEFAULT_EMBEDDING_MODEL,
  mpnet: 'sentence-transformers/all-mpnet-base-v2',
  shipped: SHIPPED_MODEL,
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

/**
 * Passage schemes bench:quality can compare (`--passages product,sentences,...`); `product` is the one books are
 * embedded with (PASSAGES in book-passages.ts).
 */
const SCHEMES: Record<string, PassageScheme> = {
  product: PASSAGES,
  'chunks40-title-first': { chunkWords: 40, maxChunks: 8, title: 'first' },
  'chunks40-title-every': { chunkWords: 40, maxChunks: 8, title: 'every' },
  'chunks40-title-own': { chunkWords: 40, maxChunks: 8, title: 'own' },
  'chunks40-no-title': { chunkWords: 40, maxChunks: 8, title: 'none' },
  'sentences-title-first': { chunkWords: 1, maxChunks: 16, title: 'first' },
  'sentences-title-every': { chunkWords: 1, maxChunks: 16, title: 'every' },
  'whole-title-first': { chunkWords: Infinity, maxChunks: 1, title: 'first' },
  'chunks40-and-whole': { chunkWords: 40, maxChunks: 8, title: 'first', whole: true },
  'chunks20-clauses20': { chunkWords: 20, clauseWords: 20, maxChunks: 12, title: 'first' },
}
/** `--sweep`: the lexical weights and relevance floors tried around the product's (chosen on the dev split). */
const SWEEP_WEIGHTS = [0, 0.08, 0.12, 0.16, 0.2, 0.25, 0.3, 0.4]
const SWEEP_FLOORS = [25, 45, 50, 55, 60, 65, 70, 75]
/** `--whole-request`: the whole request's weights tried beside the product's total */
const WHOLE_REQUEST_WEIGHTS = [0.5, 1, 2, 3]
/** `--sweep`: the first stage's (lexical weight, floor) under the second stage */
const SWEEP_SECOND_STAGE: [number, number][] = [
  [0.25, 65],
  [0.3, 65],
  [0.4, 65],
  [0.2, 60],
  [0.2, 55],
  [0.3, 60],
]

function parseCommandLine() {
  try {
    const { values } = parseArgs({
      args: process.argv.slice(2),
      options: {
        split: { type: 'string', default: 'validation' },
        limit: { type: 'string' },
        models: { type: 'string', default: 'auto' },
        data: { type: 'string', default: DEFAULT_SHARED_DATA_DIR },
        passages: { type: 'string', default: 'product' },
        pool: { type: 'string', default: 'full' },
        sweep: { type: 'boolean', default: false },
        'skip-keyword': { type: 'boolean', default: false },
        'sanity-only': { type: 'boolean', default: false },
        'by-idea-form': { type: 'boolean', default: false },
        scale: { type: 'string' },
        'second-stage-model': { type: 'string', default: SECOND_STAGE_MODEL_FILE },
        'second-stage-rows': { type: 'string' },
        candidates: { type: 'string' },
        'found-it-from': { type: 'string' },
        'fuse-base': { type: 'string' },
        'whole-request': { type: 'boolean', default: false },
        'train-fold': { type: 'string' },
        'reader-ideas': { type: 'string' },
      },
    })
    const split = (['validation', 'train', 'all'] as const).find((s) => s === values.split)
    if (!split) return null
    const poolKind = (['full', 'corpus'] as const).find((s) => s === values.pool)
    if (!poolKind) return null
    const limit = values.limit === undefined ? Infinity : Number(values.limit)
    if (!Number.isInteger(limit) && limit !== Infinity) return null
    if (limit < 1) return null
    const models = values.models
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean)
      .map((m) => {
        const alias = m.toLowerCase()
        if (alias === 'trained') return newestTrained()
        return alias === 'auto' ? servedModel() : (MODEL_ALIASES[alias] ?? m)
      })
    if (models.length === 0 || models.includes('')) return null
    const schemes = values.passages
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean)
    if (schemes.length === 0 || schemes.some((n) => !(n in SCHEMES))) return null
    const [slope, offset] = (values.scale ?? '').split(',').map(Number)
    const scale = values.scale === undefined ? undefined : { slope: slope!, offset: offset! }
    if (scale && !(scale.slope > 0 && Number.isFinite(scale.offset))) return null
    // Only the train split may be found-it evidence: it is the one no evaluated dev request is in.
    if (values['found-it-from'] !== undefined && values['found-it-from'] !== 'train') return null
    if (values['found-it-from'] !== undefined && split !== 'validation') return null
    const trainFold = values['train-fold']?.match(/^(\d+)\/(\d+)$/)
    const fold = trainFold ? { k: Number(trainFold[1]), n: Number(trainFold[2]) } : undefined
    if (values['train-fold'] !== undefined && !(fold && fold.n >= 2 && fold.k < fold.n && split === 'train'))
      return null
    const readerIdeas = (values['reader-ideas'] ?? '').split(',').filter(Boolean).map(Number)
    if (readerIdeas.some((n) => !(Number.isInteger(n) && n >= 1))) return null
    const fuseBase = (values['fuse-base'] ?? '').split(',').filter(Boolean).map(Number)
    if (fuseBase.some((w) => !(w > 0 && w < 1))) return null
    return {
      split,
      limit,
      models,
      schemes,
      poolKind,
      sweep: values.sweep,
      keyword: !values['skip-keyword'],
      sanityOnly: values['sanity-only'],
      byIdeaForm: values['by-idea-form'],
      scale,
      secondStageModel: values['second-stage-model'],
      secondStageRows: values['second-stage-rows'],
      candidates: values.candidates,
      foundIt: values['found-it-from'] === 'train',
      fuseBase,
      wholeRequest: values['whole-request'],
      trainFold: fold,
      readerIdeas,
      dataDir: path.resolve(values.data),
    }
  } catch {
    return null
  }
}

/** One evaluated request: its ideas (blank ones dropped; 1-3 remain) and the pool ids of its answer. */
interface Query {
  id: string
  split: TomtQuery['split']
  ideas: string[]
  relevant: Set<string>
}

/** A ranking per query (pool ids, best first), how many books each listed, and the mean time it took. */
interface ModeResult {
  name: string
  rankings: string[][]
  listed?: number[]
  msPerQuery?: number
  /** idea modes: the rankings with their Strut scores */
  scored?: RankedBook[][]
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

/** The cosine scale a model's rankings use: `--scale slope,offset` to try one, else the model's own (its card's). */
const scaleOf = (model: string): CosineScale => args.scale ?? cosineScaleOf(config.search, model)

/**
 * The second-stage models measured (`--second-stage-model a.json,b.json`; the committed one by default, `none` for the
 * first stage alone), each by its version. The first is the one the idea-form and sanity reports use beside the
 * first stage.
 */
const secondStages: { name: string; model: SecondStageModel }[] =
  args.secondStageModel === 'none'
    ? []
    : args.secondStageModel.split(',').map((file) => {
        const model = loadSecondStageModel(file.trim())
        return { name: model.version, model }
      })
const secondStage: SecondStageModel | undefined = secondStages[0]?.model

/** The embedder of a model the checks above found, on every core. */
async function openEmbedder(model: string): Promise<Embedder> {
  const { modelId, modelsDir } = locateModel(config.search, model)
  return createEmbedder({ modelId, modelsDir, threads: availableParallelism() })
}

// `--sanity-only`: the sanity set alone (a minute per model, where the full run embeds a pool of 9,542 books).
if (args.sanityOnly) {
  for (const model of args.models) {
    const embedder = await openEmbedder(model)
    try {
      for (const schemeName of args.schemes)
        console.log(await sanityCheck(embedder, `${short(model)} ${schemeName}`, scaleOf(model), schemeName))
    } finally {
      await embedder.close()
    }
  }
  process.exit(0)
}

const pool = (await loadPool(args.dataDir)).filter((b) => args.poolKind === 'full' || b.source === 'corpus')
const poolIdOf = new Map(pool.map((b) => [b.key, b.id]))
// `--train-fold K/N`: the model was trained on fold K only (encoder --train-fold): run the train requests outside it.
const outsideFold = (q: TomtQuery) =>
  !args.trainFold || trainFoldOf(q.id, args.trainFold.n) !== args.trainFold.k
const { queries, skipped } = toQueries(
  (await loadQueries(args.dataDir, args.split)).filter(outsideFold).slice(0, args.limit),
)
const corpusCount = pool.filter((b) => b.source === 'corpus').length

console.log(
  `bench:quality  split=${args.split}  queries=${queries.length}` +
    (skipped > 0 ? ` (${skipped} without ideas or answer skipped)` : '') +
    `  ideas/query: ${ideaCountSummary(queries)}\n` +
    `pool: ${pool.length} books (${corpusCount} tomt corpus + ${pool.length - corpusCount} goodreads distractors), ` +
    `indexed as imported books (no ideas); passage schemes: ${args.schemes.join(', ')}\n`,
)

const modes: ModeResult[] = []
/** each second stage and its model's first stage (fused): compared request by request */
const secondStageModes: { second: ModeResult; first: ModeResult }[] = []
const keyword = args.keyword ? await keywordModes(pool, queries) : null
const bm25 = bm25Mode(pool, queries)
modes.push(...(keyword ?? []), bm25)

// The product's lexical signal: BookTextIndex over the same pool, each idea matched on its own.
const textIndex = new BookTextIndex()
for (const b of pool) textIndex.upsert(b.id, { title: b.title, ideas: [], description: b.description })
const lexicalStarted = performance.now()
const lexical = queries.map((q) => textIndex.matchIdeas(q.ideas))
const lexicalMs = (performance.now() - lexicalStarted) / queries.length
console.log(`lexical: BookTextIndex matchIdeas ${lexicalMs.toFixed(1)} ms/query (three ideas)`)

/** `--found-it-from train`: the ideas the train split's readers would have agreed on for each book, per rule. */
const foundIt = args.foundIt ? await foundItEvidence() : null
/** each found-it mode and the product mode it extends: compared request by request in the found-it report */
const foundItModes: { mode: ModeResult; ref: ModeResult; found: Map<string, string[]> }[] = []
/** `--reader-ideas`: the train split's requests as readers who confirmed their answer (reader-ideas-simulation.ts) */
const readerQueries =
  args.readerIdeas.length > 0 ? toQueries(await loadQueries(args.dataDir, 'train')).queries : []
/** the requests whose answer some train request other than themselves confirmed (where readers' ideas can help) */
const confirmedByOthers = new Set(
  queries.flatMap((q, qi) =>
    readerQueries.some((r) => r.id !== q.id && [...r.relevant].some((id) => q.relevant.has(id))) ? [qi] : [],
  ),
)
/**
 * each second stage reading readers' ideas, per minimum of readers, and the first second stage measured before it
 * that does not (list the committed model first to compare against it)
 */
const readerModes: { mode: ModeResult; ref: ModeResult }[] = []
/** `--fuse-base`: each fused mode and the product mode it extends */
const fusedModes: { mode: ModeResult; ref: ModeResult }[] = []

const scoreReports: string[] = []
const floorReports: string[] = []
const distributionReports: string[] = []
const sanityReports: string[] = []
const formReports: string[] = []
/** Every idea of the requests run, in order, embedded by one model (cached). */
const requestIdeaVectors = (embedder: Embedder) =>
  cachedEmbeddings(embedder, { cacheDir, name: 'tomt-ideas', texts: queries.flatMap((q) => q.ideas) })
/** Every request run as one query (RankOptions.request: its ideas joined as the product joins them), cached. */
const wholeRequestVectors = (embedder: Embedder) =>
  cachedEmbeddings(embedder, {
    cacheDir,
    name: 'tomt-requests',
    texts: queries.map((q) => q.ideas.join(REQUEST_JOINER)),
  })
/** The current model's wholeRequestVectors, per query (the second stages read them). */
let requestVectors: Float32Array[] = []

for (const model of args.models) {
  const name = short(model)
  const scale = scaleOf(model)
  console.log(`${name}: cosine scale ${scale.slope.toFixed(3)} × cosine + ${scale.offset.toFixed(3)}`)
  const embedder = await openEmbedder(model)
  try {
    const ideaVectors = await requestIdeaVectors(embedder)
    const perQuery: Float32Array[][] = []
    let offset = 0
    for (const q of queries) {
      perQuery.push(ideaVectors.slice(offset, offset + q.ideas.length))
      offset += q.ideas.length
    }
    requestVectors = await wholeRequestVectors(embedder)
    const readers =
      readerQueries.length === 0
        ? null
        : readerIdeasOf(
            readerQueries,
            await cachedEmbeddings(embedder, {
              cacheDir,
              name: 'reader-ideas',
              texts: readerQueries.flatMap((r) => r.ideas),
            }),
          )
    /** each request's readers' ideas, books confirmed by at least minReaders other readers */
    const readerSources = (minReaders: number) =>
      queries.map((q, qi) => readerIdeaSource(readers!, { id: q.id, vectors: perQuery[qi]! }, minReaders))
    for (const [si, schemeName] of args.schemes.entries()) {
      const scheme = SCHEMES[schemeName]!
      const { index, bookVectors } = await poolIndex(embedder, scheme, schemeName)
      const label = args.schemes.length > 1 || schemeName !== 'product' ? ` ${schemeName}` : ''
      const vectorOnly = ideaMode(`idea ${name}${label}, cosine only`, index, perQuery, { scale })
      const fused = ideaMode(
        `idea ${name}${label} + BM25 per idea`,
        index,
        perQuery,
        { lexical, scale },
        lexicalMs,
      )
      modes.push(vectorOnly, fused)
      scoreReports.push(scoreMeaningReport(`${name}${label}, first stage`, queries, fused.scored!))
      let productSecond: ModeResult | undefined
      // Every scheme goes through every second stage, so that each is paired with the first scheme's first stage.
      for (const stage of secondStages) {
        if (readsReaderIdeas(stage.model)) {
          if (!readers) throw new Error(`${stage.name} reads readers' ideas: run with --reader-ideas N`)
          for (const n of args.readerIdeas) {
            const mode = ideaMode(
              `idea ${name}${label} + ${stage.name} r≥${n}`,
              index,
              perQuery,
              { lexical, scale, secondStage: stage.model, readerIdeas: readerSources(n) },
              lexicalMs,
            )
            modes.push(mode)
            secondStageModes.push({ second: mode, first: fused })
            if (productSecond) readerModes.push({ mode, ref: productSecond })
          }
          continue
        }
        const second = ideaMode(
          `idea ${name}${label} + ${stage.name}`,
          index,
          perQuery,
          { lexical, scale, secondStage: stage.model },
          lexicalMs,
        )
        modes.push(second)
        secondStageModes.push({ second, first: fused })
        productSecond ??= second
        if (args.candidates && si === 0 && stage === secondStages[0]) {
          const books = new Map(pool.map((b) => [b.id, b]))
          await writeCrossEncoderCandidates(args.candidates, queries, second.scored!, fused.rankings, books)
          console.log(`cross-encoder: candidates of ${queries.length} requests written to ${args.candidates}`)
        }
        scoreReports.push(scoreMeaningReport(`${name}${label}, ${stage.name}`, queries, second.scored!))
      }
      if (foundIt && si === 0)
        for (const v of foundIt.variants) {
          const withIdeas = await foundItIndex(embedder, scheme, bookVectors, v.ideasOf)
          const pairs = againstProduct(
            `idea ${name}`,
            `, ${v.variant.name}`,
            withIdeas,
            perQuery,
            v.lexical,
            {
              scale,
              first: fused,
              second: productSecond,
            },
          )
          foundItModes.push(...pairs.map((p) => ({ ...p, found: v.ideasOf })))
        }
      if (args.wholeRequest && si === 0 && productSecond)
        modes.push(
          ...(await wholeRequestModes(embedder, `idea ${name}${label}`, index, scale, productSecond)),
        )
      if (args.fuseBase.length > 0 && si === 0 && model === args.models[0]) {
        const base = await openEmbedder(DEFAULT_EMBEDDING_MODEL)
        try {
          const baseIdeas = await requestIdeaVectors(base)
          const baseRequests = await wholeRequestVectors(base)
          const { bookVectors: baseBooks } = await poolIndex(base, scheme, schemeName)
          for (const w of args.fuseBase) {
            const join = (a: Float32Array, b: Float32Array) => {
              const v = new Float32Array(a.length + b.length)
              for (let i = 0; i < a.length; i++) v[i] = Math.sqrt(1 - w) * a[i]!
              for (let i = 0; i < b.length; i++) v[a.length + i] = Math.sqrt(w) * b[i]!
              return v
            }
            const joined = new BookVectorIndex(embedder.dimensions + base.dimensions)
            for (const b of pool)
              joined.upsert(
                b.id,
                bookVectors.get(b.id)!.map((v, i) => join(v, baseBooks.get(b.id)![i]!)),
              )
            let at = 0
            const ideas = perQuery.map((vs) => vs.map((v) => join(v, baseIdeas[at++]!)))
            fusedModes.push(
              ...againstProduct(`idea ${name} ⊕ minilm ${w}`, '', joined, ideas, lexical, {
                scale,
                first: fused,
                second: productSecond,
                requests: requestVectors.map((v, qi) => join(v, baseRequests[qi]!)),
              }),
            )
          }
        } finally {
          await base.close()
        }
      }
      if (args.secondStageRows && si === 0) {
        const train = queries.flatMap((q, qi) => (q.split === 'train' ? [qi] : []))
        // The first stage as rankBooks runs it: with `--whole-request` as under a second stage reading the request
        // (its best books listed too), else as the product lists; the request's signals are written either way.
        const firsts = train.map((qi) => {
          const request = requestVectors[qi]!
          if (args.wholeRequest)
            return firstStage(index, perQuery[qi]!, { lexical: lexical[qi], scale, request })
          const first = firstStage(index, perQuery[qi]!, { lexical: lexical[qi], scale })
          return { ...first, requestCosines: requestCosinesOf(index, first.listing, request) }
        })
        // Readers' ideas (`--reader-ideas N`, the first N): every train request's from the others only.
        const rowReaders = readers ? readerSources(args.readerIdeas[0]!) : undefined
        const rows = await writeSecondStageRows(
          args.secondStageRows,
          train.map((qi) => queries[qi]!),
          firsts,
          train.map((qi, t) => ({
            ideas: queries[qi]!.ideas,
            cosines: firsts[t]!.cosines,
            requestCosines: firsts[t]!.requestCosines,
            readerIdeas: rowReaders?.[qi]!(firsts[t]!.listing),
            lexical: lexical[qi],
            titleTerms: (id: string) => textIndex.titleTerms(id),
            scale,
          })),
        )
        console.log(`second stage: ${rows} training rows written to ${args.secondStageRows}`)
      }
      sanityReports.push(await sanityCheck(embedder, `${name}${label}`, scale, schemeName))
      if (si > 0) continue
      modes.push(
        { name: `RRF ${name} + bm25 (ref.)`, rankings: fuse(vectorOnly.rankings, bm25.rankings) },
        ...(keyword
          ? [{ name: `RRF ${name} + kw any`, rankings: fuse(vectorOnly.rankings, keyword[1].rankings) }]
          : []),
      )
      if (args.sweep) {
        modes.push(rrfPerIdea(`${name}: RRF per idea (cosine, BM25)`, index, perQuery, scale))
        for (const w of SWEEP_WEIGHTS)
          modes.push(
            ideaMode(`${name}: weight ${w}, floor ${RELEVANCE_FLOOR}`, index, perQuery, {
              lexical,
              lexicalWeight: w,
              scale,
            }),
          )
        for (const f of SWEEP_FLOORS)
          modes.push(
            ideaMode(`${name}: weight ${LEXICAL_WEIGHT}, floor ${f}`, index, perQuery, {
              lexical,
              floor: f,
              scale,
            }),
          )
        // The second stage over other candidates: more words in the first stage, or a lower floor, list books the
        // re-ranking may lift (Recall@100 is its ceiling).
        for (const [w, f] of SWEEP_SECOND_STAGE)
          for (const stage of secondStages.slice(0, 1))
            modes.push(
              ideaMode(`${stage.name}, weight ${w}, floor ${f}`, index, perQuery, {
                lexical,
                lexicalWeight: w,
                floor: f,
                scale,
                secondStage: stage.model,
              }),
            )
      }
      if (args.byIdeaForm) formReports.push(ideaFormReport(name, index, perQuery, fused.rankings, scale))
      const report = answerReport(name, fused.rankings, bookVectors, perQuery, scale)
      floorReports.push(report.floor)
      distributionReports.push(report.distribution)
    }
  } finally {
    await embedder.close()
  }
}

printTable([...modes, ...fusedModes.map((m) => m.mode)], queries)
console.log(pairedReport(queries))
if (fusedModes.length > 0)
  console.log(
    ['base-model fusion against the product (95 % paired bootstrap interval):']
      .concat(fusedModes.map(({ mode, ref }) => pairedLine(mode, ref, queries)))
      .join('\n') + '\n',
  )
foundItReport(queries)
readerIdeasReport(queries)
console.log(scoreReports.join('\n'))
console.log(floorReports.join('\n'))
console.log(distributionReports.join('\n'))
console.log(sanityReports.join('\n'))
console.log(formReports.join('\n'))

function toQueries(lines: TomtQuery[]): { queries: Query[]; skipped: number } {
  const queries: Query[] = []
  for (const line of lines) {
    const ideas = line.ideas.map((i) => i.trim()).filter(Boolean)
    const relevant = new Set(line.relevant.flatMap((key) => poolIdOf.get(key) ?? []))
    // rankBooks scores any number of ideas (1-3 here): a request with fewer is ranked on the ones it has.
    if (ideas.length > 0 && relevant.size > 0)
      queries.push({ id: line.id, split: line.split, ideas, relevant })
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
 * The pool's passage vectors under one scheme (cached on disk) in the int8 `BookVectorIndex` the api holds, and
 * each book's float32 vectors for exact coverage figures.
 */
async function poolIndex(embedder: Embedder, scheme: PassageScheme, schemeName: string) {
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

/** Idea mode as the product ranks (`rankBooks`), with the given fusion and floor, over every query. */
function ideaMode(
  name: string,
  index: BookVectorIndex,
  ideas: Float32Array[][],
  opts: {
    lexical?: LexicalMatches[]
    lexicalWeight?: number
    floor?: number
    scale: CosineScale
    secondStage?: SecondStageModel
    /** the whole requests' vectors when the index is not the model's own (requestVectors by default) */
    requests?: Float32Array[]
    /** each request's readers' ideas, for a second stage that reads them */
    readerIdeas?: ReaderIdeaSource[]
  },
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
      // every second stage is given the whole request; only those reading it (readsRequest) use it
      request: opts.secondStage ? (opts.requests ?? requestVectors)[qi] : undefined,
      readerIdeas: opts.readerIdeas?.[qi],
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
function rrfPerIdea(
  name: string,
  index: BookVectorIndex,
  ideas: Float32Array[][],
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

/** Where the answers fall against the relevance floor, and the coverage distributions calibration is tuned on. */
function answerReport(
  model: string,
  rankings: string[][],
  bookVectors: Map<string, Float32Array[]>,
  ideas: Float32Array[][],
  scale: CosineScale,
) {
  /** a book's exact (float32) coverage of each idea: its best cosine over its passages, on the base scale */
  const coverage = (bookId: string, qi: number) =>
    ideas[qi]!.map((idea) =>
      onBaseScale(scale, Math.max(...bookVectors.get(bookId)!.map((v) => dot(v, idea)))),
    )
  const answer: number[][] = []
  const wrong: number[][] = []
  let noWrong = 0
  rankings.forEach((ranked, qi) => {
    answer.push(coverage([...queries[qi]!.relevant][0]!, qi))
    const topWrong = ranked.find((id) => !queries[qi]!.relevant.has(id))
    if (topWrong) wrong.push(coverage(topWrong, qi))
    else noWrong++
  })
  const unlisted = rankings.filter((r, i) => !r.some((id) => queries[i]!.relevant.has(id))).length
  const emptyRankings = rankings.filter((r) => r.length === 0).length
  const floor =
    `${model} (product: BM25 per idea, weight ${LEXICAL_WEIGHT}, floor Strut ${RELEVANCE_FLOOR} = fused ` +
    `${cosineForScore(RELEVANCE_FLOOR).toFixed(3)}): answer not listed for ${unlisted}/${queries.length} queries ` +
    `(below the floor, or beyond MAX_RANKED ${MAX_RANKED}); ${emptyRankings} queries list no book at all`
  return { floor, distribution: distribution(model, answer, wrong, noWrong) }
}

/** The 1-based rank of a query's answer in a ranking; Infinity when it is not listed. */
function rankIn(ranking: readonly string[], q: Query): number {
  const i = ranking.findIndex((id) => q.relevant.has(id))
  return i < 0 ? Infinity : i + 1
}

/**
 * `--by-idea-form`: Recall@10 by the ideas' length and wording (idea-form.ts). Each idea searched alone, as the
 * product ranks one idea (its vector and its BM25 strength), then each request's three ideas together, grouped by
 * their mean length and by whether most of them are noun phrases.
 */
function ideaFormReport(
  model: string,
  index: BookVectorIndex,
  ideas: Float32Array[][],
  fusedRankings: string[][],
  scale: CosineScale,
): string {
  const alone: FormCase[] = []
  const requests: FormCase[] = []
  queries.forEach((q, qi) => {
    const wordings = q.ideas.map(wordingOf)
    q.ideas.forEach((idea, i) => {
      const ranked = rankBooks(index, [ideas[qi]![i]!], {
        lexical: textIndex.matchIdeas([idea]),
        scale,
        secondStage: secondStage ?? false,
        request: ideas[qi]![i]!, // one idea: the whole request is the idea
      })
      alone.push({
        words: wordCount(idea),
        wording: wordings[i]!,
        rank: rankIn(
          ranked.map((r) => r.bookId),
          q,
        ),
      })
    })
    const phrases = wordings.filter((w) => w === 'phrase').length
    requests.push({
      words: Math.round(q.ideas.reduce((sum, idea) => sum + wordCount(idea), 0) / q.ideas.length),
      wording: phrases * 2 > q.ideas.length ? 'phrase' : 'sentence',
      rank: rankIn(fusedRankings[qi]!, q),
    })
  })
  return [
    formTable(
      `${model}: each idea searched alone, by its length and wording (BM25 per idea, the product)`,
      alone,
    ),
    formTable(`${model}: whole requests, by their ideas' mean length and most ideas' wording`, requests),
  ].join('\n')
}

/**
 * The sanity set (sanity-set.json): the demo catalogue (the books scripts/demo.sh imports) indexed as the product
 * indexes imported books, each book's three plain ideas searched as a reader would; counts the books found in the
 * top 3, cosine only and with the product's fusion.
 */
async function sanityCheck(
  embedder: Embedder,
  model: string,
  scale: CosineScale,
  schemeName: string,
): Promise<string> {
  const { catalogue, books } = await loadSanitySet(args!.dataDir)
  const passages = catalogue.map((b) =>
    bookPassages({ title: b.title, ideas: [], description: b.description }, SCHEMES[schemeName]),
  )
  const vectors = await cachedEmbeddings(embedder, {
    cacheDir,
    name: schemeName === 'product' ? 'demo-catalogue' : `demo-catalogue-${schemeName}`,
    texts: passages.flat(),
  })
  const index = new BookVectorIndex(embedder.dimensions)
  const text = new BookTextIndex()
  let row = 0
  catalogue.forEach((b, i) => {
    index.upsert(b.id, vectors.slice(row, (row += passages[i]!.length)))
    text.upsert(b.id, { title: b.title, ideas: [], description: b.description })
  })
  const ideaVectors = await cachedEmbeddings(embedder, {
    cacheDir,
    name: 'sanity-ideas',
    texts: books.flatMap((b) => b.ideas),
  })
  const requestVectors = await cachedEmbeddings(embedder, {
    cacheDir,
    name: 'sanity-requests',
    texts: books.map((b) => b.ideas.join(REQUEST_JOINER)),
  })
  /** a stage: the cosine alone, the first stage, or a second-stage model's version */
  type Stage = string
  const rankOf = (book: SanityBook, i: number, stage: Stage, floor?: number) => {
    const ranked = rankBooks(index, ideaVectors.slice(i * 3, i * 3 + 3), {
      lexical: stage === 'cosine only' ? undefined : text.matchIdeas(book.ideas),
      floor,
      scale,
      secondStage: secondStages.find((s) => s.name === stage)?.model ?? false,
      request: requestVectors[i],
      readerIdeas: () => new Map(), // the demo catalogue as it starts: no reader has confirmed a book yet
    })
    const at = ranked.findIndex((r) => r.bookId === book.id)
    return { rank: at < 0 ? Infinity : at + 1, listed: ranked.length }
  }
  const setSize = books.filter((b) => !b.expectFirst).length
  const lines = [
    `\nsanity set, ${model}: ${setSize} books of the ${catalogue.length}-book demo catalogue, and ` +
      `${books.length - setSize} searches readers reported`,
  ]
  const rankText = (rank: number) => (Number.isFinite(rank) ? `#${rank}` : 'not listed')
  const stages: Stage[] = ['cosine only', 'BM25 per idea (first stage)', ...secondStages.map((s) => s.name)]
  for (const stage of stages) {
    const all = books.map((b, i) => ({ b, ...rankOf(b, i, stage) }))
    const results = all.filter((r) => !r.b.expectFirst)
    const top3 = results.filter((r) => r.rank <= 3).length
    const listed = results.map((r) => r.listed)
    const reported = all.filter((r) => r.b.expectFirst)
    lines.push(
      `  ${stage}: ${top3}/${setSize} in the top 3, ` +
        `${results.filter((r) => r.rank === 1).length} first; listed books p50 ${quantile(listed, 0.5)} ` +
        `max ${Math.max(...listed)}; missed: ` +
        (results
          .filter((r) => r.rank > 3)
          .map((r) => `${r.b.title} (${rankText(r.rank)})`)
          .join(', ') || 'none'),
      `    readers' searches that must come first: ${reported.filter((r) => r.rank === 1).length}/` +
        `${reported.length} (` +
        reported.map((r) => `${r.b.title} ${rankText(r.rank)}`).join(', ') +
        ')',
    )
  }
  if (args!.sweep)
    for (const floor of SWEEP_FLOORS) {
      const top3 = books.filter(
        (b, i) => !b.expectFirst && rankOf(b, i, 'BM25 per idea (first stage)', floor).rank <= 3,
      ).length
      lines.push(`  BM25 per idea, floor ${floor}: ${top3}/${setSize} in the top 3`)
    }
  return lines.join('\n')
}

/** Per-idea coverage (cosine) of the answer and of the top-ranked wrong book: what calibration is tuned on. */
function distribution(model: string, answer: number[][], wrong: number[][], noWrong: number) {
  const hella = (c: number[]) => strutScores(c).total
  const line = (label: string, values: number[], digits = 3) =>
    `  ${label.padEnd(36)}${[0.1, 0.5, 0.9].map((p) => quantile(values, p).toFixed(digits).padStart(8)).join('')}`
  const lines = [
    `\ncoverage distributions, ${model} (float32 cosine of the best passage per idea, on the base scale)`,
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

/**
 * A changed first stage (another index, other idea vectors or lexical matches) ranked as the product ranks, first
 * stage and the first second stage, each paired with the product mode it changes.
 */
function againstProduct(
  name: string,
  suffix: string,
  index: BookVectorIndex,
  ideas: Float32Array[][],
  lexical: LexicalMatches[],
  product: { scale: CosineScale; first: ModeResult; second?: ModeResult; requests?: Float32Array[] },
): { mode: ModeResult; ref: ModeResult }[] {
  const { scale, requests } = product
  const pairs = [
    {
      mode: ideaMode(`${name} + BM25${suffix}`, index, ideas, { lexical, scale }, lexicalMs),
      ref: product.first,
    },
  ]
  const stage = secondStages[0]
  if (stage && product.second)
    pairs.push({
      mode: ideaMode(
        `${name} + ${stage.name}${suffix}`,
        index,
        ideas,
        { lexical, scale, secondStage: stage.model, requests },
        lexicalMs,
      ),
      ref: product.second,
    })
  return pairs
}

/**
 * `--found-it-from train`: the train requests through the product's found-it path on a scratch database
 * (found-it-simulation.ts), each rule's books with their agreed ideas, and the lexical matches of the evaluated
 * requests against the pool with those ideas (the api's BM25 index reads agreed ideas as ideas).
 */
async function foundItEvidence() {
  const evidence = await loadFoundItEvidence(args!.dataDir)
  const database = await createScratchDatabase()
  const db = createDb(database.url, 2)
  try {
    await migrateToLatest(db)
    const simulation = await simulateFoundIt(db, evidence, pool)
    const counts = simulation.variants.map(
      (v) =>
        `${v.variant.name}: ${v.ideasOf.size} books with ` +
        `${[...v.ideasOf.values()].reduce((n, ideas) => n + ideas.length, 0)} agreed ideas`,
    )
    console.log(
      `found-it from train: ${simulation.readers} requests as readers, ${simulation.confirmations} confirmations ` +
        `of ${simulation.books} books; ${counts.join('; ')}`,
    )
    const variants = simulation.variants.map((v) => {
      const text = new BookTextIndex()
      for (const b of pool)
        text.upsert(b.id, { title: b.title, ideas: v.ideasOf.get(b.id) ?? [], description: b.description })
      return { ...v, lexical: queries.map((q) => text.matchIdeas(q.ideas)) }
    })
    const answered = new Set(evidence.flatMap((r) => r.relevant.flatMap((key) => poolIdOf.get(key) ?? [])))
    return { variants, answered }
  } finally {
    await db.destroy()
    await database.drop()
  }
}

/** The pool's index with the found books embedded as the embed worker would: agreed ideas as passages first. */
async function foundItIndex(
  embedder: Embedder,
  scheme: PassageScheme,
  bookVectors: Map<string, Float32Array[]>,
  ideasOf: Map<string, string[]>,
): Promise<BookVectorIndex> {
  const byId = new Map(pool.map((b) => [b.id, b]))
  const found = [...ideasOf.entries()]
  const passages = found.map(([id, ideas]) => {
    const b = byId.get(id)!
    return bookPassages({ title: b.title, ideas, description: b.description }, scheme)
  })
  const texts = passages.flat()
  // No agreed ideas (the product's rule on these readers): the pool as it is.
  const vectors =
    texts.length === 0 ? [] : await cachedEmbeddings(embedder, { cacheDir, name: 'found-it-books', texts })
  let row = 0
  const own = new Map(found.map(([id], i) => [id, vectors.slice(row, (row += passages[i]!.length))]))
  const index = new BookVectorIndex(embedder.dimensions)
  for (const b of pool) index.upsert(b.id, own.get(b.id) ?? bookVectors.get(b.id)!)
  return index
}

/**
 * The found-it modes against the product (the same model's first stage, or its first second stage), for every
 * request run and separately for those whose answer a train request also asked for (where found-it can add
 * evidence) and the others (where it can only add competitors).
 */
function foundItReport(qs: Query[]) {
  if (!foundIt || foundItModes.length === 0) return
  const all = qs.map((_, i) => i)
  const overlapping = all.filter((i) => [...qs[i]!.relevant].some((id) => foundIt.answered.has(id)))
  const others = all.filter((i) => !overlapping.includes(i))
  const groups: [string, number[]][] = [
    [`all ${all.length} requests`, all],
    [`${overlapping.length} requests whose answer a train request also asked for`, overlapping],
    [`${others.length} requests whose answer no train request asked for`, others],
  ]
  const refs = [...new Set(foundItModes.map((m) => m.ref))]
  for (const [title, at] of groups) {
    const sub = (m: ModeResult): ModeResult => ({
      name: m.name,
      rankings: at.map((i) => m.rankings[i]!),
      listed: m.listed && at.map((i) => m.listed![i]!),
      msPerQuery: m.msPerQuery,
    })
    const subQueries = at.map((i) => qs[i]!)
    console.log(`\nfound-it from train, ${title}:`)
    const shown = new Map([...refs, ...foundItModes.map((m) => m.mode)].map((m) => [m, sub(m)]))
    printTable([...shown.values()], subQueries)
    console.log('paired differences against the product (95 % paired bootstrap interval):')
    for (const { mode, ref } of foundItModes)
      console.log(pairedLine(shown.get(mode)!, shown.get(ref)!, subQueries))
    // Where the change comes from: books with agreed ideas taking the first places, the answer's own or others'.
    console.log('books with agreed ideas among the first 10 (mean per request), product → with found-it:')
    for (const { mode, ref, found } of foundItModes) {
      const inTop10 = (m: ModeResult) =>
        mean(at.map((i) => m.rankings[i]!.slice(0, 10).filter((id) => found.has(id)).length)).toFixed(2)
      console.log(`  ${mode.name}: ${inTop10(ref)} → ${inTop10(mode)}`)
    }
  }
}

/**
 * `--reader-ideas`: each second stage reading readers' ideas against the committed one, for the requests whose answer
 * other readers confirmed (the only ones the signals can lift) and the others (which they must not push down).
 */
function readerIdeasReport(qs: Query[]) {
  if (readerModes.length === 0) return
  const all = qs.map((_, i) => i)
  const confirmed = all.filter((i) => confirmedByOthers.has(i))
  const others = all.filter((i) => !confirmedByOthers.has(i))
  for (const [title, subset] of [
    [`${confirmed.length} requests whose answer another train request confirmed`, confirmed],
    [`${others.length} requests whose answer no other train request confirmed`, others],
  ] as const) {
    const sub = (m: ModeResult): ModeResult => ({ ...m, rankings: subset.map((i) => m.rankings[i]!) })
    console.log(`\nreaders' ideas, ${title}:`)
    for (const { mode, ref } of readerModes)
      console.log(
        pairedLine(
          sub(mode),
          sub(ref),
          subset.map((i) => qs[i]!),
        ),
      )
  }
  console.log(
    `(readers: ${readerQueries.length} train requests, each a reader who confirmed its answer; a request never ` +
      `counts as its own reader)\n`,
  )
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

/**
 * `--whole-request`: the three ideas joined as the encoder's training joined them ("; "), embedded as one query and
 * ranked by cosine alone (floor 25: a deep list), then fused by reciprocal rank with the product's ranking
 * (reference rows, paired against the product): does the whole request say what its three ideas apart do not?
 */
async function wholeRequestModes(
  embedder: Embedder,
  name: string,
  index: BookVectorIndex,
  scale: CosineScale,
  product: ModeResult,
): Promise<ModeResult[]> {
  const vectors = await wholeRequestVectors(embedder)
  const alone = ideaMode(
    `${name}, whole request, cosine only`,
    index,
    vectors.map((v) => [v]),
    {
      scale,
      floor: 25,
    },
  )
  const fused: ModeResult = {
    name: `RRF ${name} product + whole request (ref.)`,
    rankings: fuse(product.rankings, alone.rankings),
  }
  secondStageModes.push({ second: fused, first: product })
  // The product's total plus W × the whole request's Strut score (first-stage curve of its cosine), over the listed
  // books and the whole request's own list: a book the three ideas apart did not list can enter by the request.
  const blends = WHOLE_REQUEST_WEIGHTS.map((w): ModeResult => {
    const rankings = product.scored!.map((listed, qi) => {
      const total = new Map(listed.map((b) => [b.bookId, b.scores.total]))
      for (const b of alone.scored![qi]!.slice(0, 100)) total.set(b.bookId, total.get(b.bookId) ?? 0)
      const request = new Map(alone.scored![qi]!.map((b) => [b.bookId, b.scores.ideas[0]!]))
      return [...total.entries()]
        .map(([id, t]) => [id, t + w * (request.get(id) ?? 0)] as const)
        .sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))
        .map(([id]) => id)
    })
    return { name: `${name} product + ${w} × whole request`, rankings }
  })
  for (const blend of blends) secondStageModes.push({ second: blend, first: product })
  return [alone, fused, ...blends]
}

/**
 * Each second stage against its model's first stage and against the first second-stage model measured (the committed
 * one by default): the mean per-request difference with a paired bootstrap interval (the same requests resampled for
 * both), which is narrower than comparing the two intervals of the table. A part pays when the interval is above 0.
 */
function pairedReport(qs: Query[]): string {
  if (secondStageModes.length === 0) return ''
  const lines = ['paired differences (per request; 95 % paired bootstrap interval, 1,000 resamples):']
  const committed = secondStageModes[0]!.second
  for (const { second: m, first } of secondStageModes)
    for (const ref of m === committed || first === committed ? [first] : [first, committed])
      lines.push(pairedLine(m, ref, qs))
  return lines.join('\n') + '\n'
}

/** One mode against a reference, request by request: mean difference with a paired bootstrap interval. */
function pairedLine(m: ModeResult, ref: ModeResult, qs: Query[]): string {
  const perRequest = (mode: ModeResult) => {
    const ranks = qs.map((q, i) => rankIn(mode.rankings[i]!, q))
    return {
      'Recall@1': ranks.map((r) => (r === 1 ? 1 : 0)),
      'Recall@10': ranks.map((r) => (r <= 10 ? 1 : 0)),
      'MRR@10': ranks.map((r) => (r <= 10 ? 1 / r : 0)),
    }
  }
  const a = perRequest(m)
  const b = perRequest(ref)
  const cells = (Object.keys(a) as (keyof typeof a)[]).map((k) => {
    const d = bootstrapMean(a[k].map((v, i) => v - b[k][i]!))
    const sign = (x: number) => (x >= 0 ? '+' : '') + x.toFixed(3)
    return `${k} ${sign(d.mean)} [${sign(d.low)}, ${sign(d.high)}]`
  })
  return `  ${m.name} − ${ref.name}: ${cells.join('  ')}`
}

function printTable(results: ModeResult[], qs: Query[]) {
  const cell = (values: number[]) => {
    const b = bootstrapMean(values)
    return `${b.mean.toFixed(3)} [${b.low.toFixed(3)}, ${b.high.toFixed(3)}]`.padEnd(24)
  }
  console.log(
    `\n${'mode'.padEnd(44)}${'Recall@1'.padEnd(24)}${'Recall@10'.padEnd(24)}${'MRR@10'.padEnd(24)}` +
      `${'Recall@100'.padEnd(11)}` +
      `${'listed p50/p90/max'.padEnd(20)}ms/query`,
  )
  for (const m of results) {
    const ranks = qs.map((q, i) => rankIn(m.rankings[i]!, q))
    console.log(
      m.name.padEnd(44) +
        cell(ranks.map((r) => (r === 1 ? 1 : 0))) +
        cell(ranks.map((r) => (r <= 10 ? 1 : 0))) +
        cell(ranks.map((r) => (r <= 10 ? 1 / r : 0))) +
        mean(ranks.map((r) => (r <= 100 ? 1 : 0)))
          .toFixed(3)
          .padEnd(11) +
        (m.listed
          ? [0.5, 0.9].map((p) => quantile(m.listed!, p).toFixed(0)).join('/') + `/${Math.max(...m.listed)}`
          : ''
        ).padEnd(20) +
        (m.msPerQuery === undefined ? '' : m.msPerQuery.toFixed(1)),
    )
  }
  console.log(
    `(${qs.length} queries, pool ${pool.length} books; mean [95 % bootstrap interval: 1,000 resamples, fixed seed]; ` +
      `Recall@100: what a re-ranking of the first 100 books could reach at best; ` +
      `ms/query: keyword = surfaceSearch round trip, idea = rankBooks on cached idea vectors, + BM25 matchIdeas when fused)\n`,
  )
}
