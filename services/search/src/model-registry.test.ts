import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { loadConfig } from '@bookstrut/core'
import {
  cosineScaleOf,
  locateModel,
  MODEL_FILES,
  passingTrainedVersions,
  SHIPPED_MODEL,
  shippedVersion,
  targetModel,
  TRAINED_NAMESPACE,
} from './model-registry.js'
import { BASE_SCALE } from './strut-score.js'

let dataDir: string

async function writeModel(folder: string, card: Record<string, unknown> | null, withModel: boolean) {
  await mkdir(path.join(folder, 'onnx'), { recursive: true })
  if (withModel) await writeFile(path.join(folder, 'onnx', 'model_quantized.onnx'), 'x')
  if (card) await writeFile(path.join(folder, 'card.json'), JSON.stringify(card))
}

const publish = (version: string, card: Record<string, unknown> | null, withModel = true) =>
  writeModel(path.join(dataDir, 'models', TRAINED_NAMESPACE, version), card, withModel)

/** The configuration of a clone whose shipped models are under `shippedDir` (the repository's are real files). */
const withShippedDir = (config: ReturnType<typeof loadConfig>, shippedDir: string) => ({
  ...config.search,
  shippedModelsDir: shippedDir,
})

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'bookstrut-models-'))
})
afterAll(() => rm(dataDir, { recursive: true, force: true }))

it('uses the base model until a trained one passed its checks, then the newest that is no smoke run', async () => {
  const config = loadConfig({ DATA_DIR: dataDir, MODELS_DIR: dataDir })
  // a clone without a shipped model (its folder is empty here)
  const search = withShippedDir(config, path.join(dataDir, 'no-shipped-models'))
  expect(targetModel(search).id).toBe('sentence-transformers/all-MiniLM-L6-v2')

  const cosine_scale = { slope: 0.8, offset: -0.06 }
  await publish('2026-11-23T0100Z-aaaa', { passed: true, cosine_scale })
  await publish('2026-11-23T0200Z-bbbb', { passed: false, cosine_scale })
  await publish('2026-11-23T0300Z-cccc', { passed: true, smoke_run: true, cosine_scale })
  await publish('2026-11-23T0400Z-dddd', null)
  await publish('2026-11-23T0500Z-eeee', { passed: true, cosine_scale }, false)
  await publish('.tmp-2026-11-23T0600Z-ffff', { passed: true, cosine_scale })
  // trained before cards carried a cosine scale: its scores would be the base model's curve on other cosines
  await publish('2026-11-23T0700Z-gggg', { passed: true })
  await publish('2026-11-23T0800Z-hhhh', { passed: true, cosine_scale: { slope: 0, offset: 0 } })
  expect(passingTrainedVersions(config.search.trainedModelsDir)).toEqual(['2026-11-23T0100Z-aaaa'])

  const chosen = targetModel(search)
  expect(chosen.id).toBe(`${TRAINED_NAMESPACE}/2026-11-23T0100Z-aaaa`)
  // transformers.js loads local models two levels deep: the folder is split accordingly.
  expect(path.join(chosen.modelsDir!, chosen.modelId)).toBe(path.join(dataDir, 'models', chosen.id))

  // An explicit EMBEDDING_MODEL wins over auto, a smoke run included.
  const named = loadConfig({
    DATA_DIR: dataDir,
    EMBEDDING_MODEL: `${TRAINED_NAMESPACE}/2026-11-23T0300Z-cccc`,
  })
  expect(targetModel(named.search)).toEqual(
    locateModel(named.search, `${TRAINED_NAMESPACE}/2026-11-23T0300Z-cccc`),
  )
})

it("ranks each model's cosines on its own scale: a trained model's from its card, the base model's as they are", async () => {
  const config = loadConfig({ DATA_DIR: dataDir, MODELS_DIR: dataDir })
  await publish('2026-11-24T0100Z-scaled', {
    passed: true,
    cosine_scale: { slope: 0.75, offset: 0.02, method: 'x' },
  })
  await publish('2026-11-24T0200Z-unscaled', { passed: true })
  expect(cosineScaleOf(config.search, `${TRAINED_NAMESPACE}/2026-11-24T0100Z-scaled`)).toEqual({
    slope: 0.75,
    offset: 0.02,
  })
  expect(cosineScaleOf(config.search, 'sentence-transformers/all-MiniLM-L6-v2')).toEqual(BASE_SCALE)
  expect(cosineScaleOf(config.search, `${TRAINED_NAMESPACE}/2026-11-24T0200Z-unscaled`)).toEqual(BASE_SCALE)
  expect(cosineScaleOf(config.search, `${TRAINED_NAMESPACE}/2026-11-24T0300Z-missing`)).toEqual(BASE_SCALE)
})

it('serves the shipped idea encoder unless a servable model trained here is newer; the base model when named', async () => {
  // A stand-in shipped model of a known version.
  const shippedDir = path.join(dataDir, 'shipped')
  const config = loadConfig({ DATA_DIR: dataDir })
  const search = withShippedDir(config, shippedDir)
  const cosine_scale = { slope: 1.1, offset: -0.1 }
  await writeModel(
    path.join(shippedDir, SHIPPED_MODEL),
    { passed: true, version: '2026-11-25T0000Z-ship', cosine_scale },
    true,
  )
  expect(shippedVersion(search)).toBe('2026-11-25T0000Z-ship')
  // dataDir already holds models trained on 2026-11-23 and 24 (the tests above): older than the shipped one
  expect(targetModel(search)).toEqual({ id: SHIPPED_MODEL, modelsDir: shippedDir, modelId: SHIPPED_MODEL })
  expect(cosineScaleOf(search, SHIPPED_MODEL)).toEqual(cosine_scale)
  // a smoke run or a failed model trained later does not displace it; a servable one does
  await publish('2026-11-26T0000Z-smoke', { passed: true, smoke_run: true, cosine_scale })
  await publish('2026-11-26T0100Z-failed', { passed: false, cosine_scale })
  expect(targetModel(search).id).toBe(SHIPPED_MODEL)
  await publish('2026-11-26T0200Z-newer', { passed: true, cosine_scale })
  expect(targetModel(search).id).toBe(`${TRAINED_NAMESPACE}/2026-11-26T0200Z-newer`)

  // A shipped model that cannot serve (its int8 file missing) is passed over.
  const broken = path.join(dataDir, 'shipped-broken')
  await writeModel(
    path.join(broken, SHIPPED_MODEL),
    { passed: true, version: '2026-12-01T0000Z-ship', cosine_scale },
    false,
  )
  expect(shippedVersion(withShippedDir(config, broken))).toBeNull()
  expect(targetModel(withShippedDir(config, broken)).id).toBe(`${TRAINED_NAMESPACE}/2026-11-26T0200Z-newer`)

  // The base model stays selectable by name, whatever is shipped or trained.
  const base = loadConfig({ DATA_DIR: dataDir, EMBEDDING_MODEL: 'sentence-transformers/all-MiniLM-L6-v2' })
  expect(targetModel({ ...base.search, shippedModelsDir: shippedDir }).id).toBe(
    'sentence-transformers/all-MiniLM-L6-v2',
  )
  // and the shipped one by its id, found in the repository's folder
  const named = loadConfig({ DATA_DIR: dataDir, EMBEDDING_MODEL: SHIPPED_MODEL })
  expect(targetModel(named.search)).toEqual({
    id: SHIPPED_MODEL,
    modelsDir: path.resolve(import.meta.dirname, '..', 'models'),
    modelId: SHIPPED_MODEL,
  })
})

/** The repository's own shipped model (services/search/models/bookstrut/idea-encoder-v2). */
const shippedFolder = path.resolve(import.meta.dirname, '..', 'models', SHIPPED_MODEL)
const shipped = existsSync(path.join(shippedFolder, 'card.json'))
if (!shipped)
  console.warn(
    `skipped: the shipped idea encoder is not in the repository (${shippedFolder}); docs/idea-encoder.md says how it is made`,
  )

it.runIf(shipped)(
  'serves the shipped idea encoder on a fresh clone, its card and files complete',
  async () => {
    const fresh = await mkdtemp(path.join(tmpdir(), 'bookstrut-fresh-'))
    try {
      // a fresh DATA_DIR (nothing trained here), EMBEDDING_MODEL=auto (the default)
      const config = loadConfig({ DATA_DIR: fresh })
      expect(config.search.shippedModelsDir).toBe(path.dirname(path.dirname(shippedFolder)))
      expect(targetModel(config.search)).toEqual({
        id: SHIPPED_MODEL,
        modelsDir: config.search.shippedModelsDir,
        modelId: SHIPPED_MODEL,
      })
      const card = JSON.parse(await readFile(path.join(shippedFolder, 'card.json'), 'utf8')) as {
        passed: boolean
        version: string
        smoke_run?: boolean
        cosine_scale: { slope: number; offset: number }
      }
      expect(card).toMatchObject({ passed: true })
      expect(card.smoke_run).toBeFalsy()
      expect(shippedVersion(config.search)).toBe(card.version)
      expect(card.version).toMatch(/^\d{4}-\d\d-\d\dT\d{4}Z-[0-9a-f]{8}$/)
      // its Strut scores are on the base model's scale through its card's map
      expect(cosineScaleOf(config.search, SHIPPED_MODEL)).toEqual({
        slope: card.cosine_scale.slope,
        offset: card.cosine_scale.offset,
      })
      // what transformers.js loads, and the record of how it was made
      for (const file of [...MODEL_FILES, 'manifest.json', 'model-card.md'])
        expect(existsSync(path.join(shippedFolder, file)), file).toBe(true)
    } finally {
      await rm(fresh, { recursive: true, force: true })
    }
  },
)
