import { describe, expect, it } from 'vitest'
import { filterLanguages, LANGUAGE_CODES, languageLabel, languageOptions } from './languages'

describe('language choices', () => {
  it('has about 80 distinct locale codes the server accepts', () => {
    expect(LANGUAGE_CODES.length).toBeGreaterThanOrEqual(75)
    expect(LANGUAGE_CODES.length).toBeLessThanOrEqual(90)
    expect(new Set(LANGUAGE_CODES).size).toBe(LANGUAGE_CODES.length)
    for (const code of LANGUAGE_CODES) expect(code).toMatch(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/)
    for (const code of ['en-US', 'fr-FR', 'es-MX', 'zh-CN', 'hi-IN', 'ar-SA'])
      expect(LANGUAGE_CODES).toContain(code)
  })

  it('labels codes with readable names', () => {
    expect(languageLabel('en')).toBe('English')
    expect(languageLabel('en-US')).toBe('English (United States)')
    expect(languageLabel('fr-FR')).toMatch(/French/)
    const options = languageOptions()
    expect(options).toHaveLength(LANGUAGE_CODES.length)
    expect(options.every((o) => o.label !== o.code)).toBe(true)
  })

  it('offers plain English first among the Englishes', () => {
    const english = filterLanguages(languageOptions(), 'english')
    expect(english[0]).toEqual({ code: 'en', label: 'English' })
    // The dialect name still finds its option.
    expect(filterLanguages(languageOptions(), 'british').map((o) => o.code)).toEqual(['en-GB'])
    expect(english.map((o) => o.code)).toEqual(expect.arrayContaining(['en-US', 'en-GB', 'en-IN']))
  })

  it('filters by label or code, every word counting', () => {
    const options = languageOptions()
    expect(filterLanguages(options, 'mexic').map((o) => o.code)).toEqual(['es-MX'])
    expect(filterLanguages(options, 'zh-cn').map((o) => o.code)).toEqual(['zh-CN'])
    expect(filterLanguages(options, 'portuguese brazil').map((o) => o.code)).toEqual(['pt-BR'])
    expect(filterLanguages(options, '  ')).toHaveLength(options.length)
  })
})
