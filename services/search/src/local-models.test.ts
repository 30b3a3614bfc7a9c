import { setTimeout as sleep } from 'node:timers/promises'
import { env } from '@huggingface/transformers'
import { afterEach, expect, it } from 'vitest'
import { inBatches } from './in-batches.js'
import { loadModel } from './local-models.js'

const settings = () => ({
  localModelPath: env.localModelPath,
  allowLocalModels: env.allowLocalModels,
  allowRemoteModels: env.allowRemoteModels,
})
const initial = settings()
afterEach(() => {
  Object.assign(env, initial)
})

it('loads with the settings of its own source and puts the ones before back, after a failure too', async () => {
  env.localModelPath = '/models/of/the/embedder/'
  const before = settings()
  const seen = await loadModel({ localDir: '/a/trained-encoder/parent' }, async () => settings())
  expect(seen).toEqual({
    localModelPath: '/a/trained-encoder/parent',
    allowLocalModels: true,
    allowRemoteModels: false,
  })
  expect(settings()).toEqual(before)

  await expect(
    loadModel('hub', async () => {
      expect(env.allowRemoteModels).toBe(true)
      throw new Error('no such model')
    }),
  ).rejects.toThrow('no such model')
  expect(settings()).toEqual(before)
})

it("loads one model at a time, so concurrent loads never read from each other's folder", async () => {
  const pathDuring = (localDir: string, ms: number) =>
    loadModel({ localDir }, async () => {
      const start = env.localModelPath
      await sleep(ms)
      return [start, env.localModelPath]
    })
  const [first, second] = await Promise.all([pathDuring('/first', 30), pathDuring('/second', 1)])
  expect(first).toEqual(['/first', '/first'])
  expect(second).toEqual(['/second', '/second'])
})

it('runs batches of at most the size given, in order, and joins their answers', async () => {
  const batches: number[][] = []
  const doubled = await inBatches([1, 2, 3, 4, 5], 2, async (batch) => {
    batches.push(batch)
    return batch.map((n) => n * 2)
  })
  expect(batches).toEqual([[1, 2], [3, 4], [5]])
  expect(doubled).toEqual([2, 4, 6, 8, 10])
  expect(await inBatches([], 2, async (batch) => batch)).toEqual([])
})
