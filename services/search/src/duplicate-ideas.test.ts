import { describe, expect, it } from 'vitest'
import { areSimilarIdeas, hasDuplicateIdeas } from '@bookstrut/schemas'

describe('duplicate idea detection', () => {
  it.each([
    ['identical ignoring case and spaces', '  A boy finds a dragon egg ', 'a boy finds a dragon egg', true],
    [
      'most significant words shared',
      'a boy finds a dragon egg in the mountains',
      'the boy finds dragon egg mountains',
      true,
    ],
    ['short words do not count', 'a is an of to', 'an of to is a', false],
    ['different ideas', 'a boy finds a dragon egg', 'a detective solves a murder on a train', false],
    [
      'exactly 70 percent is not above the threshold',
      'alpha bravo charlie delta echo foxtrot golf hotel india juliet',
      'alpha bravo charlie delta echo foxtrot golf kilo lima mike',
      false,
    ],
    [
      '80 percent overlap is similar',
      'alpha bravo charlie delta echo foxtrot golf hotel india juliet',
      'alpha bravo charlie delta echo foxtrot golf hotel kilo lima',
      true,
    ],
  ])('%s', (_name, a, b, expected) => {
    expect(areSimilarIdeas(a, b)).toBe(expected)
  })

  it('finds a duplicate among three ideas', () => {
    expect(
      hasDuplicateIdeas([
        'a lonely lighthouse keeper',
        'war between two kingdoms',
        'A lonely lighthouse keeper',
      ]),
    ).toBe(true)
    expect(
      hasDuplicateIdeas(['a lonely lighthouse keeper', 'war between two kingdoms', 'a cat that talks']),
    ).toBe(false)
  })
})
