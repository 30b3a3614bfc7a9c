import { describe, expect, it } from 'vitest'
import { seededRandom as seeded } from '@bookstrut/core/testing'
import { kthLargest, topK } from './top-k.js'

/** Scores indexed by slot (coarse, so that many are equal), and the slots in a shuffled order. */
function scored(count: number, levels: number, seed: number) {
  const random = seeded(seed)
  const score = new Float64Array(count * 2)
  const slots: number[] = []
  for (let i = 0; i < count; i++) {
    const slot = i * 2 + 1 // slots need not be dense
    score[slot] = Math.floor(random() * levels) / 7
    slots.push(slot)
  }
  for (let i = slots.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[slots[i], slots[j]] = [slots[j]!, slots[i]!]
  }
  return { score, candidates: Int32Array.from(slots) }
}

const bySlot = (a: number, b: number) => a - b

describe('topK', () => {
  it('keeps what a full sort keeps, best first, equal scores by the tie-break', () => {
    for (const [count, levels, k] of [
      [5000, 40, 1000], // many ties at the k-th score
      [5000, 1_000_000, 100], // nearly all distinct
      [3000, 1, 10], // every score equal: the tie-break alone decides
      [800, 50, 1000], // fewer candidates than k: all of them
    ] as const) {
      const { score, candidates } = scored(count, levels, count + levels + k)
      const want = [...candidates].sort((a, b) => score[b]! - score[a]! || a - b).slice(0, k)
      expect(topK(candidates, candidates.length, score, k, bySlot)).toEqual(want)
    }
  })

  it('reads only the first `count` candidates', () => {
    const score = Float64Array.from([0, 5, 9, 1])
    const candidates = Int32Array.from([1, 3, 2, 0])
    expect(topK(candidates, 2, score, 5, bySlot)).toEqual([1, 3])
    expect(topK(candidates, 0, score, 5, bySlot)).toEqual([])
    expect(topK(candidates, 4, score, 0, bySlot)).toEqual([])
  })
})

describe('kthLargest', () => {
  it('finds the k-th largest value for every k', () => {
    const random = seeded(7)
    const values = Array.from({ length: 301 }, () => Math.floor(random() * 60))
    const sorted = [...values].sort((a, b) => b - a)
    for (let k = 1; k <= values.length; k++)
      expect(kthLargest(Float64Array.from(values), k)).toBe(sorted[k - 1])
  })

  it('rejects a k outside the values', () => {
    expect(() => kthLargest(Float64Array.from([1, 2]), 0)).toThrow(RangeError)
    expect(() => kthLargest(Float64Array.from([1, 2]), 3)).toThrow(RangeError)
  })
})
