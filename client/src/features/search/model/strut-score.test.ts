import { describe, expect, it } from 'vitest'
import { formatScore, scoreWidth } from './strut-score'

describe('Strut scores', () => {
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
