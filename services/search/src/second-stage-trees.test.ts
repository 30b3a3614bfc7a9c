import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkTrees, treesSum, type RegressionTree } from './second-stage-trees.js'
import { loadSecondStageModel, secondStageScore } from './second-stage.js'

// x0 <= 0.5 ? (x1 <= 0.2 ? 1 : 2) : 3, and a tree that is one leaf
const stump: RegressionTree = {
  feature: [0, 1, -1, -1, -1],
  threshold: [0.5, 0.2, 0, 0, 0],
  left: [1, 2, 0, 0, 0],
  right: [4, 3, 0, 0, 0],
  value: [0, 0, 1, 2, 3],
}
const leaf: RegressionTree = { feature: [-1], threshold: [0], left: [0], right: [0], value: [0.25] }

describe('the second stage trees evaluator', () => {
  it('walks each tree to its leaf (left when the value is at most the threshold) and sums the leaves', () => {
    const sum = (x: number[]) => treesSum([stump, leaf], (k) => x[k]!)
    expect(sum([0.5, 0.2])).toBe(1.25)
    expect(sum([0.1, 0.3])).toBe(2.25)
    expect(sum([0.51, 0])).toBe(3.25)
  })

  it('refuses trees it could not evaluate', () => {
    expect(checkTrees([stump, leaf], 2)).toBeNull()
    expect(checkTrees([], 2)).toMatch(/non-empty/)
    expect(checkTrees([stump], 1)).toMatch(/node 1 splits on no feature/)
    expect(checkTrees([{ ...stump, left: [0, 2, 0, 0, 0] }], 2)).toMatch(/child out of order/) // a cycle
    expect(checkTrees([{ ...stump, right: [9, 3, 0, 0, 0] }], 2)).toMatch(/child out of order/)
    expect(checkTrees([{ ...stump, value: [0, 0, 1] }], 2)).toMatch(/one length/)
    expect(checkTrees([{ ...leaf, value: [null] }], 2)).toMatch(/no value/)
  })

  it('is loaded as a second-stage model reading the signals it names', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'second-stage-trees-')), 'model.json')
    const model = {
      version: 'test',
      model: 'trees',
      features: ['lexical', 'cosine'], // the model's feature 0 is the row's column 1
      bias: -0.25,
      trees: [stump, leaf],
      shown: { slope: 1, offset: 0 },
    }
    writeFileSync(file, JSON.stringify(model))
    const loaded = loadSecondStageModel(file)
    const row = (cosine: number, lexical: number) => [cosine, lexical, ...Array<number>(10).fill(0)]
    // lexical 0.1 <= 0.5, cosine 0.3 > 0.2: leaf 2, + 0.25 − 0.25 → z = 2
    expect(secondStageScore(loaded, row(0.3, 0.1))).toBeCloseTo(100 / (1 + Math.exp(-2)), 10)
    writeFileSync(file, JSON.stringify({ ...model, trees: [{ ...stump, feature: [5, 1, -1, -1, -1] }] }))
    expect(() => loadSecondStageModel(file)).toThrow(/splits on no feature/)
  })
})
