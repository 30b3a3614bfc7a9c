import path from 'node:path'
import { parseArgs } from 'node:util'
import { DEFAULT_EMBEDDING_MODEL, loadConfig } from '@bookstrut/core'
import { SHIPPED_MODEL, targetModel, TRAINED_NAMESPACE } from '@bookstrut/search'
import {
  PASSAGES,
  passingTrainedVersions,
  SECOND_STAGE_MODEL_FILE,
  type PassageScheme,
} from '@bookstrut/search/bench'
import { DEFAULT_SHARED_DATA_DIR } from '../tomt-data.js'

export const USAGE =
  'Usage: npm run bench:quality -- [--split validation|train|all] [--limit N] ' +
  '[--models auto,minilm,shipped,mpnet,trained] ' +
  '[--data DIR] [--passages product,sentences-title-first,...] [--pool full|corpus] [--sweep] [--skip-keyword] ' +
  '[--sanity-only] [--scale SLOPE,OFFSET] [--by-idea-form] [--second-stage-model FILE[,FILE...]|none] ' +
  '[--second-stage-rows FILE] [--candidates FILE] [--found-it-from train] [--train-fold K/N]'

/**
 * Passage schemes bench:quality can compare (`--passages product,sentences,...`); `product` is the one books are
 * embedded with (PASSAGES in book-passages.ts).
 */
export const SCHEMES: Record<string, PassageScheme> = {
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

const MODEL_ALIASES: Record<string, string> = {
  minilm: DEFAULT_EMBEDDING_MODEL,
  mpnet: 'sentence-transformers/all-mpnet-base-v2',
  shipped: SHIPPED_MODEL,
}

/** `--models trained`: the newest trained idea encoder under DATA_DIR/models that passed its checks ('' if none). */
function newestTrained(): string {
  const [version] = passingTrainedVersions(loadConfig().search.trainedModelsDir)
  return version ? `${TRAINED_NAMESPACE}/${version}` : ''
}

/** `--models auto` (the default): the model EMBEDDING_MODEL=auto serves (model-registry.ts targetModel). */
const servedModel = () => targetModel(loadConfig({ ...process.env, EMBEDDING_MODEL: 'auto' }).search).id

export type QualityArgs = NonNullable<ReturnType<typeof parseQualityArgs>>

/** The command line of bench:quality (main.ts says what each flag measures), or null when it is not one. */
export function parseQualityArgs(argv: string[]) {
  try {
    const { values } = parseArgs({
      args: argv,
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
        'train-fold': { type: 'string' },
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
      trainFold: fold,
      dataDir: path.resolve(values.data),
    }
  } catch {
    return null
  }
}
