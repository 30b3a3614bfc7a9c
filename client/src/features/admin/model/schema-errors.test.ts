import { describe, expect, it } from 'vitest'
import { BlogBody, FaqBody, SettingsPatch } from '@bookstrut/schemas'
import { errorAt, schemaErrors } from './schema-errors'

// The editors check a body with the server's own schema before sending it: the same rules, readable messages.
describe('schemaErrors', () => {
  it("names a blank question with the server's words and a too-long answer by its limit", () => {
    const errors = schemaErrors(FaqBody, { question: '   ', answer: 'x'.repeat(20_001) })
    expect(errors['/question']).toBe('1 to 500 characters, not blank')
    expect(errors['/answer']).toBe('At most 20,000 characters.')
  })

  it("finds a list item's problem under the list's path", () => {
    const errors = schemaErrors(BlogBody, {
      title: 'A post',
      content: '',
      slug: 'Not A Slug',
      relatedLinks: [{ linkText: 'x', linkUrl: 'javascript:alert(1)', linkType: 'external' }],
    })
    expect(errors['/slug']).toBe('Use lower-case letters, digits and single hyphens (at most 120 characters)')
    expect(errorAt(errors, '/relatedLinks')).toBe('A site path starting with / or an http(s) address')
  })

  it('accepts a valid body and an empty settings link', () => {
    expect(schemaErrors(FaqBody, { question: 'Why?', answer: '<p>Because.</p>' })).toEqual({})
    expect(schemaErrors(SettingsPatch, { YouTube: '' })).toEqual({})
    expect(schemaErrors(SettingsPatch, { YouTube: 'ftp://x' })['/YouTube']).toBe(
      'An http(s) address, a site path, or empty',
    )
  })
})
