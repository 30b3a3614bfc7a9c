import { describe, expect, it } from 'vitest'
import { formatScore, readStrutScores, scoreWidth } from './strut-score'

describe('Strut scores', () => {
  it('reads the three ideas by position, the bonus by name and the total', () => {
    const scores = readStrutScores({
      hellaScore: 187.456,
      ideaScore: [
        { 'a lighthouse keeper': 72.31 },
        { 'lost letters': 38 },
        { 'a storm': 60.5 },
        { bonusScore: 19 },
      ],
    })
    expect(scores).toEqual({
      ideas: [
        { label: 'a lighthouse keeper', score: 72.31 },
        { label: 'lost letters', score: 38 },
        { label: 'a storm', score: 60.5 },
      ],
      bonus: 19,
      total: 187.456,
    })
  })

  it('an idea whose text is "bonusScore" is still an idea: position decides', () => {
    const scores = readStrutScores({
      hellaScore: 10,
      ideaScore: [{ bonusScore: 1 }, { b: 2 }, { c: 3 }, { bonusScore: 4 }],
    })
    expect(scores.ideas.map((i) => i.score)).toEqual([1, 2, 3])
    expect(scores.bonus).toBe(4)
  })

  it('missing entries fall back to the typed idea (or "Idea #n") and 0', () => {
    const scores = readStrutScores({ hellaScore: 5, ideaScore: [{ a: 5 }] }, ['a', 'typed two'])
    expect(scores.ideas).toEqual([
      { label: 'a', score: 5 },
      { label: 'typed two', score: 0 },
      { label: 'Idea #3', score: 0 },
    ])
    expect(scores.bonus).toBe(0)
  })

  it('shows scores with 2 decimals', () => {
    expect(formatScore(72.3)).toBe('72.30')
    expect(formatScore(0)).toBe('0.00')
    expect(formatScore(99.999)).toBe('100.00')
    expect(formatScore(Number.NaN)).toBe('0.00')
  })

  it('bars are the score as a percentage, kept within 0-100', () => {
    expect(scoreWidth(42.5)).toBe('42.5%')
    expect(scoreWidth(-3)).toBe('0%')
    expect(scoreWidth(140)).toBe('100%')
  })
})
