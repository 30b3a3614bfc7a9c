import { describe, expect, it } from 'vitest'
import { excerpt, formatDuration, formatFileSize, plural, withScheme } from './format'

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

describe('plural', () => {
  it.each([
    [0, '0 results'],
    [1, '1 result'],
    [2, '2 results'],
    [1204, '1,204 results'],
  ])('%d → %s', (n, text) => expect(plural(n, 'result')).toBe(text))

  it('takes an irregular plural', () => expect(plural(2, 'story', 'stories')).toBe('2 stories'))
})

describe('formatFileSize (1 KB = 1,024 bytes)', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [40 * 1024, '40 KB'],
    [1536, '1.5 KB'],
    [1.4 * 1024 * 1024, '1.4 MB'],
    [7 * 1024 * 1024, '7.0 MB'],
    [12.6 * 1024 * 1024, '13 MB'],
  ])('%d bytes → %s (a 40 KB MP3 is never "0.0 MB")', (bytes, text) =>
    expect(formatFileSize(bytes)).toBe(text),
  )
})
