import { describe, expect, it } from 'vitest'
import { COUNT_FIELDS, formatCount, ideaHits } from './counts'

describe('analytics counts', () => {
  it("lists every count of the spec, each once, by the API's own field names", () => {
    expect(COUNT_FIELDS.map((f) => f.key).sort()).toEqual(
      [
        'views',
        'total_Listening_Hours',
        'video_Shares',
        'in_favorites',
        'purchaseClicks',
        'descriptionClicks',
        'profileClicks',
        'audioPlays',
        'days_in_top_20',
        'top_search',
        'ghost_count',
        'total_Likes',
      ].sort(),
    )
  })

  it('writes counts with thousands separators and hours with 2 decimals', () => {
    expect(formatCount(1234567)).toBe('1,234,567')
    expect(formatCount(0)).toBe('0')
    expect(formatCount(3.5, true)).toBe('3.50')
    expect(formatCount(1234.567, true)).toBe('1,234.57')
  })

  it('shows Idea Hits with underscores turned into spaces, in the order sent', () => {
    expect(ideaHits({ a_lighthouse_keeper_at_sea: 12, lost__letters: 0, storm_: null })).toEqual([
      { key: 'a_lighthouse_keeper_at_sea', label: 'a lighthouse keeper at sea', value: 12 },
      { key: 'lost__letters', label: 'lost letters', value: 0 },
      { key: 'storm_', label: 'storm', value: null },
    ])
  })
})
