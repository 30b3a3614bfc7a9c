import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { loadConfig } from '@bookstrut/core'
import {
  cosineScaleOf,
  locateModel,
  passingTrainedVersions,
  targetModel,
  TRAINED_NAMESPACE,
} from './model-registry.js'
import { BASE_SCALE } from './strut-score.js'

let dataDir: string

async function publish(version: string, card: Record<string, unknown> | null, withModel = true) {
  const folder = path.join(dataDir, 'models', TRAINED_NAMESPACE, version)
  await mkdir(path.join(folder, 'onnx'), { recursive: true })
  if (withModel) await writeFile(path.join(folder, 'onnx', 'model_quantized.onnx'), 'x')
  if (card) await writeFile(path.join(folder, 'card.json'), JSON.stringify(card))
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'bookstrut-models-'))
})
afterAll(() => rm(dataDir, { recursive: true, force: true }))

it('uses the base model until a trained one passed its checks, then the newest that is no smoke run', async () => {
  const config = loadConfig({ DATA_DIR: dataDir, MODELS_DIR: dataDir })
  expect(targetModel(config.search).id).toBe('sentence-transformers/all-MiniLM-L6-v2')

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

  const chosen = targetModel(config.search)
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
