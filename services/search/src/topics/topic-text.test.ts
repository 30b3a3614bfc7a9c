import { describe, expect, it } from 'vitest'
import { normaliseTopic, topicRefusal, topicSlug } from './topic-text.js'

describe('topic text rules', () => {
  it('normalises case, spaces and Unicode forms', () => {
    expect(normaliseTopic('  Time   TRAVEL\t')).toBe('time travel')
    expect(normaliseTopic('ﬁre magic')).toBe('fire magic')
  })

  it.each([
    ['ab', 'too short'],
    ['a'.repeat(61), 'too long'],
    ['one two three four five six seven', 'too many words'],
    ['write to bob@example.com', 'not only words'],
    ['https link', null],
    ['see https://example.com', 'not only words'],
    ['www.example.com', 'not only words'],
    ['call 555 1234', 'a run of digits'],
    ['born 1987', 'a run of digits'],
    ['shit stories', 'profanity'],
    ['f u c k wizards', 'profanity'],
    ['sh1t books', 'profanity'],
    ['time travel', null],
    ['world war 2', null],
    ["a dragon's hoard", null],
    ['école de magie', null],
  ])('%s → %s', (idea, refusal) => {
    expect(topicRefusal(idea)).toBe(refusal)
  })

  it('makes addresses of letters and digits', () => {
    expect(topicSlug("a dragon's hoard")).toBe('a-dragon-s-hoard')
    expect(topicSlug('école de magie')).toBe('ecole-de-magie')
    expect(topicSlug('world war 2')).toBe('world-war-2')
  })
})
