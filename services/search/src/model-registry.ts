import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { Type, type Static } from '@sinclair/typebox'
import { parseJson, type Config } from '@bookstrut/core'
import { BASE_SCALE, type CosineScale } from './strut-score.js'

/** A model: its id (stored with the vectors it made) and how transformers.js loads it. */
export interface ModelRef {
  id: string
  /** transformers.js' localModelPath for it; undefined: the hub */
  modelsDir: string | undefined
  /** the folder under `modelsDir` (`org/name`: transformers.js loads local models two levels deep only) */
  modelId: string
}

/** Trained idea encoders are published as `<trainedModelsDir>/bookstrut/idea-encoder/<version>/`. */
export const TRAINED_NAMESPACE = 'bookstrut/idea-encoder'

/**
 * The idea encoder shipped in the repository, under `<shippedModelsDir>/bookstrut/idea-encoder-v2/` (the files
 * `npm run encoder:train` published, copied as they are): what EMBEDDING_MODEL=auto serves on a fresh clone. Its id
 * is stored with the vectors it made, so a new shipped model gets a new name (`-v3` next), never new files under this one.
 */
export const SHIPPED_MODEL = 'bookstrut/idea-encoder-v2'

/** The files transformers.js loads from a model's folder (int8: `dtype: 'q8'`), ours and the base model's alike. */
export const MODEL_FILES = [
  'config.json',
  'tokenizer.json',
  'tokenizer_config.json',
  'special_tokens_map.json',
  'onnx/model_quantized.onnx',
] as const

/** The organisation of our own models: shipped ones directly under it, trained ones under TRAINED_NAMESPACE. */
const OWN_ORG = 'bookstrut'

/** What `npm run encoder:train` writes beside a model (card.json); only `passed` ones may serve. */
export const ModelCard = Type.Object(
  {
    passed: Type.Boolean(),
    /** the published version (`2026-11-27T1230Z-8dbd013c`: sorts by time); a shipped model's tells it from newer ones */
    version: Type.Optional(Type.String()),
    /** trained with --limit (a smoke run): never chosen by `auto`, only when named in EMBEDDING_MODEL */
    smoke_run: Type.Optional(Type.Boolean()),
    /** the model's cosines on the base model's scale (strut-score.ts CosineScale); older cards have none */
    cosine_scale: Type.Optional(
      Type.Object(
        { slope: Type.Number({ exclusiveMinimum: 0 }), offset: Type.Number() },
        // the card also records how the scale was fitted
        { additionalProperties: true },
      ),
    ),
  },
  // The card also records the training run (settings, scores); only these fields decide here.
  { additionalProperties: true },
)
export type ModelCard = Static<typeof ModelCard>

/** The folder's card; null when it is missing, unreadable or not a card (such a model never serves). */
function readCard(folder: string): ModelCard | null {
  let text: string
  try {
    text = readFileSync(path.join(folder, 'card.json'), 'utf8')
  } catch {
    return null
  }
  return parseJson(ModelCard, text)
}

/**
 * The card of a model folder `auto` may serve: it passed its checks, is no smoke run and carries its cosine scale
 * (without it its Strut scores and floor would be the base model's, and search worse than the base model's), and
 * its int8 file is there. Null otherwise.
 */
function servableCard(folder: string): ModelCard | null {
  const card = readCard(folder)
  const servable =
    card?.passed === true &&
    !card.smoke_run &&
    card.cosine_scale !== undefined &&
    existsSync(path.join(folder, 'onnx', 'model_quantized.onnx'))
  return servable ? card : null
}

/** Published trained versions `auto` may serve (servableCard), newest first (versions sort by time). */
export function passingTrainedVersions(trainedModelsDir: string): string[] {
  const root = path.join(trainedModelsDir, TRAINED_NAMESPACE)
  if (!existsSync(root)) return []
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('.'))
    .map((d) => d.name)
    .filter((v) => servableCard(path.join(root, v)) !== null)
    .sort()
    .reverse()
}

/**
 * The shipped model's version when it may serve (its files complete, its card servable), else null ('' when its
 * card names no version: then any servable model trained here is newer).
 */
export function shippedVersion(search: Config['search']): string | null {
  const card = servableCard(path.join(search.shippedModelsDir, SHIPPED_MODEL))
  return card ? (card.version ?? '') : null
}

/**
 * Where a model id's files are: trained ones under DATA_DIR/models, our shipped ones under the repository's
 * services/search/models, others under MODELS_DIR (or the hub).
 */
export function locateModel(search: Config['search'], id: string): ModelRef {
  const [org, ...rest] = id.split('/')
  if (id.startsWith(`${TRAINED_NAMESPACE}/`))
    return { id, modelsDir: path.join(search.trainedModelsDir, org!), modelId: rest.join('/') }
  if (org === OWN_ORG) return { id, modelsDir: search.shippedModelsDir, modelId: id }
  return { id, modelsDir: search.modelsDir, modelId: id }
}

/**
 * The cosine scale of a model's vectors: one of our idea encoders' from its card, the identity for the base model
 * (and for a trained one named in EMBEDDING_MODEL whose card has none, trained before cards carried it).
 */
export function cosineScaleOf(search: Config['search'], id: string): CosineScale {
  if (id.split('/')[0] !== OWN_ORG) return BASE_SCALE
  const { modelsDir, modelId } = locateModel(search, id)
  const scale = readCard(path.join(modelsDir!, modelId))?.cosine_scale
  return scale ? { slope: scale.slope, offset: scale.offset } : BASE_SCALE
}

/**
 * The model books should be embedded with. EMBEDDING_MODEL=auto, in this order: a servable model trained here
 * (`npm run encoder:train`) whose version is newer than the shipped model's, the newest of them; else the shipped
 * idea encoder (SHIPPED_MODEL); else the base model. An explicit EMBEDDING_MODEL is used as given (the base model:
 * `sentence-transformers/all-MiniLM-L6-v2`). Read again on every embedding sweep, so a newly trained model is
 * picked up without a restart.
 */
export function targetModel(search: Config['search']): ModelRef {
  if (search.preferTrained) {
    const shipped = shippedVersion(search)
    const [newest] = passingTrainedVersions(search.trainedModelsDir)
    if (newest !== undefined && (shipped === null || newest > shipped))
      return locateModel(search, `${TRAINED_NAMESPACE}/${newest}`)
    if (shipped !== null) return locateModel(search, SHIPPED_MODEL)
  }
  return locateModel(search, search.embeddingModel)
}
