import { describe, expect, it } from 'vitest'
import { cutWords } from './bio'

describe('bio preview', () => {
  it('keeps a bio of up to 20 words whole', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ')
    expect(cutWords(twenty)).toEqual({ preview: twenty, cut: false })
    expect(cutWords('  Short   bio.\n')).toEqual({ preview: 'Short bio.', cut: false })
    expect(cutWords('')).toEqual({ preview: '', cut: false })
  })

  it('cuts a longer bio to 20 words and an ellipsis', () => {
    const words = Array.from({ length: 25 }, (_, i) => `w${i}`)
    expect(cutWords(words.join(' '))).toEqual({ preview: `${words.slice(0, 20).join(' ')}…`, cut: true })
  })
})
