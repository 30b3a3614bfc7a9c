import { describe, expect, it } from 'vitest'
import { readerIdeaSource, readerIdeasOf } from './reader-ideas-simulation.js'

const unit = (...xs: number[]) => {
  const n = Math.hypot(...xs)
  return Float32Array.from(xs.map((x) => x / n))
}

/*
 * bench:quality --reader-ideas: train requests as readers who confirmed their answer. What the second stage reads for
 * a request must never include the request's own confirmation, and a book counts only with enough other readers.
 */
describe("readers' ideas, simulated from train requests", () => {
  const readers = [
    { id: 'r1', split: 'train', ideas: ['a monster of body parts'], relevant: new Set(['frank']) },
    { id: 'r2', split: 'train', ideas: ['the arctic', 'a scientist'], relevant: new Set(['frank', 'alt']) },
    { id: 'r3', split: 'train', ideas: ['alaska'], relevant: new Set(['wild']) },
  ]
  const vectors = [unit(1, 0), unit(0, 1), unit(1, 1), unit(-1, 1)]
  const evidence = readerIdeasOf(readers, vectors)

  it('files each reader under the first of their answers, with their ideas in order', () => {
    expect(evidence.readers).toBe(3)
    expect([...evidence.byBook.keys()]).toEqual(['frank', 'wild'])
    expect(evidence.byBook.get('frank')!.map((c) => c.vectors.length)).toEqual([1, 2])
    expect(evidence.byBook.get('wild')![0]!.vectors[0]).toEqual(unit(-1, 1))
  })

  it("gives a request each idea's best cosine with the other readers' ideas, never its own", () => {
    const dev = readerIdeaSource(
      evidence,
      { id: 'dev1', vectors: [unit(1, 0), unit(0, 1)] },
      1,
    )(['frank', 'wild', 'x'])
    expect([...dev.keys()]).toEqual(['frank', 'wild'])
    expect(dev.get('frank')!.readers).toBe(2)
    expect(dev.get('frank')!.cosines[0]).toBeCloseTo(1) // r1's idea
    expect(dev.get('frank')!.cosines[1]).toBeCloseTo(1) // r2's first
    // r1 itself: only r2 remains for its answer
    const own = readerIdeaSource(evidence, { id: 'r1', vectors: [unit(1, 0)] }, 1)(['frank'])
    expect(own.get('frank')).toEqual({ cosines: [expect.closeTo(Math.SQRT1_2, 5)], readers: 1 })
    // r3 is wild's only reader: wild has no readers' ideas for r3
    expect(readerIdeaSource(evidence, { id: 'r3', vectors: [unit(1, 0)] }, 1)(['wild']).size).toBe(0)
  })

  it('counts a book only when at least the minimum of other readers confirmed it', () => {
    const source = (id: string, min: number) => readerIdeaSource(evidence, { id, vectors: [unit(1, 0)] }, min)
    expect([...source('dev1', 2)(['frank', 'wild']).keys()]).toEqual(['frank'])
    expect(source('r1', 2)(['frank']).size).toBe(0) // without r1, frank has one reader
    expect(source('dev1', 3)(['frank', 'wild']).size).toBe(0)
  })

  it('refuses a request of another split as evidence', () => {
    expect(() => readerIdeasOf([{ ...readers[0]!, split: 'validation' }], [vectors[0]!])).toThrow(/train/)
  })
})
