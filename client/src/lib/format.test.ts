import { describe, expect, it } from 'vitest'
import { excerpt, formatDuration, withScheme } from './format'

describe('formatDuration (mm:ss)', () => {
  it.each([
    [0, '00:00'],
    [5, '00:05'],
    [23.98, '00:24'],
    [24.02, '00:24'],
    [23.4, '00:23'],
    [59.9, '01:00'],
    [60, '01:00'],
    [125, '02:05'],
    [300, '05:00'],
    [4503, '75:03'],
    [-3, '00:00'],
    [Number.NaN, '00:00'],
    [Number.POSITIVE_INFINITY, '00:00'],
    [null, '00:00'],
  ])('%s s is %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text)
  })
})

describe('excerpt', () => {
  it('keeps short texts and cuts long ones at a word with an ellipsis', () => {
    expect(excerpt('  A   short\ntext ', 50)).toBe('A short text')
    const cut = excerpt('one two three four five six seven', 20)
    expect(cut.length).toBeLessThanOrEqual(20)
    expect(cut).toBe('one two three four…')
  })
})

describe('withScheme', () => {
  it('adds https:// only when there is no scheme', () => {
    expect(withScheme('example.com')).toBe('https://example.com')
    expect(withScheme('http://example.com')).toBe('http://example.com')
    expect(withScheme('  ')).toBe('')
  })
})
