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

/** What `npm run encoder:train` writes beside a model (card.json); only `passed` ones may serve. */
export const ModelCard = Type.Object(
  {
    passed: Type.Boolean(),
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
 * Published trained versions that passed their checks, are no smoke runs and carry their cosine scale (without
 * it their Strut scores and floor would be the base model's, and search worse than the base model's), newest
 * first (versions sort by time).
 */
export function passingTrainedVersions(trainedModelsDir: string): string[] {
  const root = path.join(trainedModelsDir, TRAINED_NAMESPACE)
  if (!existsSync(root)) return []
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('.'))
    .map((d) => d.name)
    .filter((v) => {
      const folder = path.join(root, v)
      const card = readCard(folder)
      return (
        card?.passed === true &&
        !card.smoke_run &&
        card.cosine_scale !== undefined &&
        existsSync(path.join(folder, 'onnx', 'model_quantized.onnx'))
      )
    })
    .sort()
    .reverse()
}

/** Where a model id's files are: trained ones under DATA_DIR/models, others under MODELS_DIR (or the hub). */
export function locateModel(search: Config['search'], id: string): ModelRef {
  if (!id.startsWith(`${TRAINED_NAMESPACE}/`)) return { id, modelsDir: search.modelsDir, modelId: id }
  const [org, ...rest] = id.split('/')
  return { id, modelsDir: path.join(search.trainedModelsDir, org!), modelId: rest.join('/') }
}

/**
 * The cosine scale of a model's vectors: a trained idea encoder's from its card, the identity for the base model
 * (and for a trained one named in EMBEDDING_MODEL whose card has none, trained before cards carried it).
 */
export function cosineScaleOf(search: Config['search'], id: string): CosineScale {
  if (!id.startsWith(`${TRAINED_NAMESPACE}/`)) return BASE_SCALE
  const { modelsDir, modelId } = locateModel(search, id)
  const scale = readCard(path.join(modelsDir!, modelId))?.cosine_scale
  return scale ? { slope: scale.slope, offset: scale.offset } : BASE_SCALE
}

/**
 * The model books should be embedded with: with EMBEDDING_MODEL=auto the newest passing trained idea encoder,
 * else the base model; an explicit EMBEDDING_MODEL is used as given. Read again on every embedding sweep, so a
 * newly trained model is picked up without a restart.
 */
export function targetModel(search: Config['search']): ModelRef {
  if (search.preferTrained) {
    const [newest] = passingTrainedVersions(search.trainedModelsDir)
    if (newest) return locateModel(search, `${TRAINED_NAMESPACE}/${newest}`)
  }
  return locateModel(search, search.embeddingModel)
}
