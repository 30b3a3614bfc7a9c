import { describe, expect, it } from 'vitest'
import { canonicalEmail } from './mailbox.js'

describe('canonicalEmail', () => {
  it('gives one form for the spellings of one Gmail mailbox', () => {
    const forms = ['x+1@gmail.com', 'x+2@gmail.com', 'X+3@gmail.com', 'X+4@googlemail.com', ' X@GMail.com ']
    expect(new Set(forms.map(canonicalEmail))).toEqual(new Set(['x@gmail.com']))
    expect(canonicalEmail('j.a.n.e+books@gmail.com')).toBe('jane@gmail.com')
  })

  it('drops tags where the provider ignores them', () => {
    expect(canonicalEmail('Ann+shop@outlook.com')).toBe('ann@outlook.com')
    expect(canonicalEmail('ann+x@hotmail.com')).toBe('ann@hotmail.com')
    expect(canonicalEmail('ann+x@icloud.com')).toBe('ann@icloud.com')
    expect(canonicalEmail('ann-x@yahoo.com')).toBe('ann@yahoo.com')
  })

  it('keeps dots and tags where they may be different mailboxes', () => {
    expect(canonicalEmail('A.B@Example.com')).toBe('a.b@example.com')
    expect(canonicalEmail('a.b@outlook.com')).toBe('a.b@outlook.com')
  })

  it('only trims and lower-cases what is not an e-mail address', () => {
    expect(canonicalEmail(' Not An Address ')).toBe('not an address')
  })
})
