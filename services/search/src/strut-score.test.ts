import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_EMBEDDING_MODEL, loadConfig } from '@bookstrut/core'
import { createEmbedder, hasLocalModel, type Embedder } from './embedder.js'
import { cosineScaleOf, locateModel, targetModel } from './model-registry.js'
import {
  CALIBRATION,
  cosineForScore,
  onBaseScale,
  RELEVANCE_FLOOR,
  strutScore,
  strutScores,
} from './strut-score.js'

describe('the calibration curve', () => {
  it('is monotonic and bounded', () => {
    let previous = -1
    for (let c = -1; c <= 1; c += 0.01) {
      const s = strutScore(c)
      expect(s).toBeGreaterThanOrEqual(previous)
      expect(s).toBeGreaterThanOrEqual(0)
      expect(s).toBeLessThanOrEqual(100)
      previous = s
    }
    expect(strutScore(CALIBRATION.midpoint)).toBeCloseTo(50)
  })

  it('inverts to the cosine of a score', () => {
    expect(strutScore(cosineForScore(RELEVANCE_FLOOR))).toBeCloseTo(RELEVANCE_FLOOR)
  })

  it('adds half of the weakest idea as bonus and sums to hellaScore', () => {
    const s = strutScores([cosineForScore(90), cosineForScore(60), cosineForScore(30)])
    expect(s.ideas.map((x) => Math.round(x))).toEqual([90, 60, 30])
    expect(s.bonus).toBeCloseTo(15)
    expect(s.total).toBeCloseTo(195)
  })
})

/*
 * The calibration's promise on real sentences, with the model the app serves on a fresh clone (EMBEDDING_MODEL=auto
 * and nothing trained here: our shipped idea encoder, its cosines on the base model's scale through its card) and
 * with the base model (local files: MODELS_DIR): a close paraphrase of one of a book's ideas scores 80 or more, an
 * unrelated idea 20 or less.
 */
const config = loadConfig({
  MODELS_DIR: process.env.MODELS_DIR,
  DATA_DIR: path.join(tmpdir(), `bookstrut-nothing-trained-${process.pid}`),
})
const served = targetModel(config.search)
const base = locateModel(config.search, DEFAULT_EMBEDDING_MODEL)
describe.each([
  ...(served.id === base.id ? [] : [[`the served model (${served.id})`, served] as const]),
  [`the base model (${base.id})`, base] as const,
])('Strut scores of real idea pairs, %s', (_, model) => {
  let embedder: Embedder
  const scale = cosineScaleOf(config.search, model.id)

  beforeAll(async () => {
    if (!hasLocalModel(model.modelsDir, model.modelId))
      throw new Error(`the model ${model.id} is not under ${model.modelsDir}; tests never download one`)
    embedder = await createEmbedder({ modelId: model.modelId, modelsDir: model.modelsDir, threads: 1 })
  })
  afterAll(() => embedder?.close())

  const score = async (a: string, b: string) => {
    const [va, vb] = await embedder.embed([a, b])
    return strutScore(
      onBaseScale(
        scale,
        va!.reduce((s, x, i) => s + x * vb![i]!, 0),
      ),
    )
  }

  it.each([
    [
      'a boy finds out he is a wizard',
      'An orphan boy discovers on his eleventh birthday that he is a wizard',
    ],
    ['a captain hunting a huge whale', 'A one-legged sea captain obsessed with hunting a giant whale'],
    ['an astronaut stranded on mars', 'An astronaut is left behind alone on Mars after his crew leaves'],
    [
      'a detective solves a murder on a train',
      'A murder on a snowbound train is solved by a famous detective',
    ],
    ['a girl finds a secret garden', 'A spoiled orphan girl finds a locked secret garden'],
  ])('a paraphrase scores 80 or more: %s', async (idea, bookIdea) => {
    expect(await score(idea, bookIdea)).toBeGreaterThanOrEqual(80)
  })

  it.each([
    ['a boy finds out he is a wizard', 'A one-legged sea captain obsessed with hunting a giant whale'],
    ['an astronaut stranded on mars', 'A spoiled orphan girl finds a locked secret garden'],
    [
      'quarterly tax filing for small companies',
      'A detective solves a murder on a train stuck in a snowdrift',
    ],
    ['a school for magic in a castle', 'Life aboard a nineteenth-century whaling ship'],
    ['growing potatoes on another planet', 'A clerk rewrites history for the government'],
  ])('an unrelated idea scores 20 or less: %s', async (idea, bookIdea) => {
    expect(await score(idea, bookIdea)).toBeLessThanOrEqual(20)
  })
})
