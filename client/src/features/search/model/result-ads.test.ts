import { describe, expect, it } from 'vitest'
import { rowsWithAds } from './result-ads'

const shape = (count: number, narrow: boolean) =>
  rowsWithAds(
    Array.from({ length: count }, (_, i) => i + 1),
    narrow,
  )
    .map((c) => (c.kind === 'ad' ? 'AD' : String(c.item)))
    .join(' ')

describe('ad slots between result rows', () => {
  it('desktop: after every 5th row, none after a last row that is not a 5th', () => {
    expect(shape(12, false)).toBe('1 2 3 4 5 AD 6 7 8 9 10 AD 11 12')
    expect(shape(4, false)).toBe('1 2 3 4')
  })

  it('under 600 px: after every 2nd row', () => {
    expect(shape(5, true)).toBe('1 2 AD 3 4 AD 5')
  })

  it('ad keys stay put when more rows arrive (infinite scroll)', () => {
    const keys = (n: number) =>
      rowsWithAds(
        Array.from({ length: n }, (_, i) => i),
        false,
      ).flatMap((c) => (c.kind === 'ad' ? [c.key] : []))
    expect(keys(20).slice(0, 2)).toEqual(keys(10))
  })
})
