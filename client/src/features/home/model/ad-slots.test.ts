import { describe, expect, it } from 'vitest'
import { adLayout, withAdSlots } from './ad-slots'

const shape = (count: number, narrow: boolean) => {
  const { every, trailing } = adLayout(narrow)
  return withAdSlots(
    Array.from({ length: count }, (_, i) => i + 1),
    every,
    trailing,
  )
    .map((c) => (c.kind === 'ad' ? 'AD' : String(c.item)))
    .join(' ')
}

describe('Top 20 ad slots', () => {
  it('wide screens: an ad after every 6th card, none after the last', () => {
    expect(shape(14, false)).toBe('1 2 3 4 5 6 AD 7 8 9 10 11 12 AD 13 14')
    expect(shape(5, false)).toBe('1 2 3 4 5')
  })

  it('under 600 px: an ad after every 4th card and after the last', () => {
    expect(shape(10, true)).toBe('1 2 3 4 AD 5 6 7 8 AD 9 10 AD')
    expect(shape(8, true)).toBe('1 2 3 4 AD 5 6 7 8 AD')
  })
})
