import { availableParallelism } from 'node:os'
import path from 'node:path'
import { loadConfig } from '@bookstrut/core'
import {
  BookTextIndex,
  cosineScaleOf,
  hasLocalModel,
  locateModel,
  RELEVANCE_FLOOR,
  type CosineScale,
  type Embedder,
} from '@bookstrut/search'
import {
  createEmbedder,
  firstStage,
  LEXICAL_WEIGHT,
  loadSecondStageModel,
  type SecondStageModel,
} from '@bookstrut/search/bench'
import { cachedEmbeddings } from '../embedding-cache.js'
import { scoreMeaningReport, writeSecondStageRows } from '../second-stage-report.js'
import { loadPool, loadQueries, trainFoldOf, type TomtQuery } from '../tomt-data.js'
import { answerReport } from './answers.js'
import { parseQualityArgs, SCHEMES, USAGE } from './args.js'
import { writeCandidates } from './candidates.js'
import {
  foundIdeasIndex,
  foundItEvidence,
  foundItModes,
  foundItReport,
  type FoundItMode,
} from './found-it.js'
import { ideaFormReport } from './idea-form-report.js'
import { ideaMode, poolIndex, rrfPerIdea } from './idea-modes.js'
import { bm25Mode, keywordModes } from './keyword.js'
import { fuse, pairedReport, printTable, type ModeResult, type Query } from './report.js'
import { sanityCheck, SWEEP_FLOORS } from './sanity.js'

/**
 * `npm run bench:quality -- [--split validation|train|all] [--limit N] [--models auto,minilm,shipped,mpnet,trained]
 * [--data DIR]`:
 * how often search finds the book a real reader was looking for (reddit-tomt-books-dev, validation split by
 * default) in a pool of ~9,500 books (the tomt corpus plus goodreads-books-mix distractors), for keyword mode
 * (the real `surfaceSearch` on a scratch database of TEST_DATABASE_URL; keyword.ts), idea mode per model, and their
 * reciprocal-rank fusion. Models: `auto` (the default) what EMBEDDING_MODEL=auto serves, `minilm` the base model,
 * `shipped` our idea encoder in the repository, `trained` the newest under DATA_DIR/models. Pool vectors are cached
 * under DATA_DIR/bench-cache, so only the first run per model embeds (MiniLM ~3 min, mpnet ~40 min on 2 cores: opt
 * in with `--models minilm,mpnet`). Each model ranks with its cosine scale (strut-score.ts CosineScale, from its
 * card); `--scale` tries another for every model. `--by-idea-form` adds Recall@10 by the ideas' length and wording
 * (idea-form-report.ts). `--sanity-only`: the demo catalogue's sanity set alone (sanity.ts).
 * The second stage (second-stage.ts) is measured with the committed model, or `--second-stage-model A.json,B.json`
 * (each, with paired bootstrap differences against the first stage and the first model; `none` skips it);
 * `--second-stage-rows FILE` writes its training rows for the split run
 * (train-split requests only, whatever `--split`; encoder/run.sh --second-stage trains on them).
 * `--candidates FILE` writes the second stage's candidates of every request run, with the books' texts, for the
 * encoder's `--negatives-from` (candidates.ts).
 * `--found-it-from train` adds the product's "found it" loop fed with the train split's confirmed requests
 * (found-it.ts, found-it-simulation.ts; never the dev split's), under the product's agreement rule and a one-reader
 * variant, paired against the product, for all requests run and separately for those whose answer some train
 * request also asked for and the others.
 * `--train-fold K/N` (with `--split train`): the model was trained on fold K of the train requests only
 * (`encoder:train --train-fold K/N`), so only the other folds' requests are run: second-stage rows from an encoder
 * that never saw their requests. `--sweep`: lexical weights and floors around the product's, the second stage over
 * other first stages. The experiments measured here and not kept left with issue 47 (docs/experiments.md).
 */

/** `--sweep`: the lexical weights tried around the product's (chosen on the dev split). */
const SWEEP_WEIGHTS = [0, 0.08, 0.12, 0.16, 0.2, 0.25, 0.3, 0.4]
/** `--sweep`: the first stage's (lexical weight, floor) under the second stage */
const SWEEP_SECOND_STAGE: [number, number][] = [
  [0.25, 65],
  [0.3, 65],
  [0.4, 65],
  [0.2, 60],
  [0.2, 55],
  [0.3, 60],
]

const args = parseQualityArgs(process.argv.slice(2))
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
const sanityRun = { dataDir: args.dataDir, cacheDir, secondStages, sweep: args.sweep }

/** The embedder of a model the checks above found, on every core. */
async function openEmbedder(model: string): Promise<Embedder> {
  const { modelId, modelsDir } = locateModel(config.search, model)
  return createEmbedder({ modelId, modelsDir, threads: availableParallelism() })
}

const short = (model: string) => model.split('/').pop()!.replace(/^all-/, '')

// `--sanity-only`: the sanity set alone (a minute per model, where the full run embeds a pool of 9,542 books).
if (args.sanityOnly) {
  for (const model of args.models) {
    const embedder = await openEmbedder(model)
    try {
      for (const schemeName of args.schemes)
        console.log(
          await sanityCheck(embedder, `${short(model)} ${schemeName}`, scaleOf(model), schemeName, sanityRun),
        )
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
const foundIt = args.foundIt ? await foundItEvidence(args.dataDir, pool, poolIdOf) : null
const foundItRuns: FoundItMode[] = []

const scoreReports: string[] = []
const floorReports: string[] = []
const distributionReports: string[] = []
const sanityReports: string[] = []
const formReports: string[] = []

for (const model of args.models) {
  const name = short(model)
  const scale = scaleOf(model)
  console.log(`${name}: cosine scale ${scale.slope.toFixed(3)} × cosine + ${scale.offset.toFixed(3)}`)
  const embedder = await openEmbedder(model)
  try {
    // Every idea of the requests run, in order, embedded by this model (cached), then per request.
    const ideaVectors = await cachedEmbeddings(embedder, {
      cacheDir,
      name: 'tomt-ideas',
      texts: queries.flatMap((q) => q.ideas),
    })
    const perQuery: Float32Array[][] = []
    let offset = 0
    for (const q of queries) {
      perQuery.push(ideaVectors.slice(offset, offset + q.ideas.length))
      offset += q.ideas.length
    }
    for (const [si, schemeName] of args.schemes.entries()) {
      const scheme = SCHEMES[schemeName]!
      const { index, bookVectors } = await poolIndex(pool, embedder, scheme, schemeName, cacheDir)
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
      // Every scheme goes through every second stage, so that each is paired with the first scheme's first stage.
      const seconds = secondStages.map((stage) => {
        const second = ideaMode(
          `idea ${name}${label} + ${stage.name}`,
          index,
          perQuery,
          { lexical, scale, secondStage: stage.model },
          lexicalMs,
        )
        modes.push(second)
        secondStageModes.push({ second, first: fused })
        scoreReports.push(scoreMeaningReport(`${name}${label}, ${stage.name}`, queries, second.scored!))
        return { mode: second, stage }
      })
      if (args.candidates && si === 0 && seconds[0]) {
        const books = new Map(pool.map((b) => [b.id, b]))
        await writeCandidates(args.candidates, queries, seconds[0].mode.scored!, fused.rankings, books)
        console.log(`candidates of ${queries.length} requests written to ${args.candidates}`)
      }
      if (foundIt && si === 0)
        for (const variant of foundIt.variants) {
          const found = await foundIdeasIndex(embedder, pool, variant.ideasOf, cacheDir)
          foundItRuns.push(
            ...foundItModes(`idea ${name}`, variant, found, {
              index,
              ideas: perQuery,
              options: { lexical, scale },
              extraMs: lexicalMs,
              first: fused,
              second: seconds[0],
            }),
          )
        }
      if (args.secondStageRows && si === 0) {
        const train = queries.flatMap((q, qi) => (q.split === 'train' ? [qi] : []))
        // The first stage as rankBooks runs it under the second stage.
        const firsts = train.map((qi) => firstStage(index, perQuery[qi]!, { lexical: lexical[qi], scale }))
        const rows = await writeSecondStageRows(
          args.secondStageRows,
          train.map((qi) => queries[qi]!),
          firsts,
          train.map((qi, t) => ({
            ideas: queries[qi]!.ideas,
            cosines: firsts[t]!.cosines,
            lexical: lexical[qi],
            titleTerms: (id: string) => textIndex.titleTerms(id),
            scale,
          })),
        )
        console.log(`second stage: ${rows} training rows written to ${args.secondStageRows}`)
      }
      sanityReports.push(await sanityCheck(embedder, `${name}${label}`, scale, schemeName, sanityRun))
      if (si > 0) continue
      modes.push(
        { name: `RRF ${name} + bm25 (ref.)`, rankings: fuse(vectorOnly.rankings, bm25.rankings) },
        ...(keyword
          ? [{ name: `RRF ${name} + kw any`, rankings: fuse(vectorOnly.rankings, keyword[1].rankings) }]
          : []),
      )
      if (args.sweep) {
        modes.push(rrfPerIdea(`${name}: RRF per idea (cosine, BM25)`, index, perQuery, lexical, scale))
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
      if (args.byIdeaForm)
        formReports.push(
          ideaFormReport(name, queries, { index, textIndex, scale, secondStage }, perQuery, fused.rankings),
        )
      const report = answerReport(name, queries, fused.rankings, bookVectors, perQuery, scale)
      floorReports.push(report.floor)
      distributionReports.push(report.distribution)
    }
  } finally {
    await embedder.close()
  }
}

printTable(modes, queries, pool.length)
console.log(pairedReport(secondStageModes, queries))
if (foundIt) foundItReport(queries, foundItRuns, foundIt, pool.length)
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
