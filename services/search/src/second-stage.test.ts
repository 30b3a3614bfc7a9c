import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  loadSecondStageModel,
  SECOND_STAGE_MODEL_FILE,
  SECOND_STAGE_FEATURES,
  secondStageFeatures,
  secondStageRanking,
  secondStageScore,
  type SecondStageInput,
} from './second-stage.js'
import { BASE_SCALE } from './strut-score.js'
import { BookTextIndex } from './lexical/book-text-index.js'

const model = loadSecondStageModel()

describe('the committed second-stage model', () => {
  it('scores the fixtures as Python scored them when it was trained (encoder/run.sh --second-stage)', () => {
    const fixtures = JSON.parse(
      readFileSync(path.join(import.meta.dirname, 'test', 'second-stage-fixtures.json'), 'utf8'),
    ) as { cases: { features: number[]; score: number }[] }
    expect(fixtures.cases.length).toBeGreaterThan(5)
    // the trainer wrote each row's twelve signals of the time; the first six are SECOND_STAGE_FEATURES, in order
    for (const c of fixtures.cases)
      expect(secondStageScore(model, c.features.slice(0, SECOND_STAGE_FEATURES.length))).toBeCloseTo(
        c.score,
        6,
      )
  })

  it('is refused when it reads a signal this code does not compute, or is not well formed', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'second-stage-'))
    const file = path.join(dir, 'model.json')
    writeFileSync(file, JSON.stringify({ ...model, features: ['cosine', 'popularity'], weights: [1, 2] }))
    expect(() => loadSecondStageModel(file)).toThrow(/expected a model of some of the features/)
    const linear = loadSecondStageModel(
      path.join(path.dirname(SECOND_STAGE_MODEL_FILE), 'idea-score-v1.json'), // linear, like the product's
    )
    writeFileSync(file, JSON.stringify({ ...linear, features: ['cosine', 'lexical'] }))
    expect(() => loadSecondStageModel(file)).toThrow(/one weight per feature/)
    writeFileSync(file, JSON.stringify({ ...model, bias: 'x' }))
    expect(() => loadSecondStageModel(file)).toThrow(/numbers/)
    writeFileSync(file, JSON.stringify({ ...model, model: 'trees' })) // trees were measured and not kept
    expect(() => loadSecondStageModel(file)).toThrow(/logistic/)
  })

  it('never falls as the cosine or the words rise, all else equal (the trainer constrains it so)', () => {
    // a book of a listing whose best cosine for the idea is 0.7, no title word in the idea, a six-word idea
    const at = (cosine: number, lexical: number) =>
      secondStageScore(model, [cosine, lexical, cosine - 0.7, 0, cosine * lexical, 0.5])
    for (let c = 0.3; c < 0.69; c += 0.02) {
      expect(at(c + 0.02, 0)).toBeGreaterThanOrEqual(at(c, 0))
      expect(at(c + 0.02, 0.5)).toBeGreaterThanOrEqual(at(c, 0.5))
    }
    for (let l = 0; l < 0.95; l += 0.1) expect(at(0.5, l + 0.1)).toBeGreaterThanOrEqual(at(0.5, l))
    expect(at(0.65, 1)).toBeGreaterThan(at(0.3, 0))
  })
})

describe('second-stage features and ranking', () => {
  const text = new BookTextIndex()
  text.upsert('frank', { title: 'Frankenstein', ideas: [], description: 'A scientist builds a creature.' })
  text.upsert('wild', { title: 'Into the Wild', ideas: [], description: 'A young man walks into Alaska.' })
  const input = (cosines: Record<string, number[]>): SecondStageInput => ({
    ideas: ['a creature made by frankenstein', 'the arctic'],
    cosines: new Map(Object.entries(cosines)),
    lexical: [new Map([['frank', 1]]), new Map([['wild', 0.5]])],
    titleTerms: (id) => text.titleTerms(id),
    scale: BASE_SCALE,
  })

  it('computes each signal of an (idea, book) pair', () => {
    const [frank, wild] = secondStageFeatures(
      ['frank', 'wild'],
      input({ frank: [0.6, 0.3], wild: [0.4, 0.5] }),
    )
    const named = (f: number[]) => Object.fromEntries(SECOND_STAGE_FEATURES.map((k, i) => [k, f[i]]))
    expect(named(frank![0]!)).toEqual({
      cosine: 0.6,
      lexical: 1,
      cosineGap: 0,
      titleShare: 1 / 3, // creature, made, frankenstein: the title holds one
      cosineLexical: 0.6,
      ideaTerms: 3 / 12,
    })
    expect(named(wild![1]!)).toMatchObject({ cosine: 0.5, lexical: 0.5, cosineGap: 0, titleShare: 0 })
    expect(named(frank![1]!).cosineGap).toBeCloseTo(-0.2)
    expect(named(wild![0]!)).toMatchObject({ lexical: 0, cosineLexical: 0 })
    expect(named(wild![0]!).cosineGap).toBeCloseTo(-0.2)
  })

  it("reads the cosines on the base model's scale", () => {
    const tuned = { slope: 0.8, offset: 0.02 }
    const [frank] = secondStageFeatures(['frank', 'wild'], {
      ...input({ frank: [0.6, 0.3], wild: [0.4, 0.5] }),
      scale: tuned,
    })
    expect(frank![0]![0]).toBeCloseTo(0.8 * 0.6 + 0.02)
    expect(frank![1]![2]).toBeCloseTo(0.8 * (0.3 - 0.5))
  })

  it('orders the books by the total of the scores it shows', () => {
    const ranked = secondStageRanking(
      model,
      ['wild', 'frank'],
      input({ frank: [0.6, 0.3], wild: [0.4, 0.5] }),
    )
    for (const r of ranked) {
      const ideas = r.scores.ideas
      expect(r.scores.bonus).toBeCloseTo(0.5 * Math.min(...ideas))
      expect(r.scores.total).toBeCloseTo(ideas[0]! + ideas[1]! + r.scores.bonus)
    }
    expect(ranked[0]!.scores.total).toBeGreaterThanOrEqual(ranked[1]!.scores.total)
  })
})
