import { describe, expect, it } from 'vitest'
import { fromWireScores, toWireScores } from './strut-scores.js'

describe('Strut scores on the wire', () => {
  it('reads the three ideas by position, the bonus by name and the total', () => {
    const read = fromWireScores({
      hellaScore: 187.456,
      ideaScore: [
        { 'a lighthouse keeper': 72.31 },
        { 'lost letters': 38 },
        { 'a storm': 60.5 },
        { bonusScore: 19 },
      ],
    })
    expect(read).toEqual({
      scores: { ideas: [72.31, 38, 60.5], bonus: 19, total: 187.456 },
      labels: ['a lighthouse keeper', 'lost letters', 'a storm'],
    })
  })

  it('an idea whose text is "bonusScore" is still an idea: position decides', () => {
    const { scores } = fromWireScores({
      hellaScore: 10,
      ideaScore: [{ bonusScore: 1 }, { b: 2 }, { c: 3 }, { bonusScore: 4 }],
    })
    expect(scores.ideas).toEqual([1, 2, 3])
    expect(scores.bonus).toBe(4)
  })

  it('missing entries fall back to the typed idea (or "Idea #n") and 0', () => {
    const { scores, labels } = fromWireScores({ hellaScore: 5, ideaScore: [{ a: 5 }] }, ['a', 'typed two'])
    expect(scores.ideas).toEqual([5, 0, 0])
    expect(labels).toEqual(['a', 'typed two', 'Idea #3'])
    expect(scores.bonus).toBe(0)
  })

  it('writes each idea labelled by its text, then the bonus; reading it back gives the same scores', () => {
    const scores = { ideas: [41.2, 49.62, 18.82], bonus: 9.41, total: 119.05 }
    const ideas = ['a boy wizard', 'a school of magic', 'a dark lord']
    const wire = toWireScores(scores, ideas)
    expect(wire).toEqual({
      hellaScore: 119.05,
      ideaScore: [
        { 'a boy wizard': 41.2 },
        { 'a school of magic': 49.62 },
        { 'a dark lord': 18.82 },
        { bonusScore: 9.41 },
      ],
    })
    expect(fromWireScores(wire)).toEqual({ scores, labels: ideas })
  })
})
