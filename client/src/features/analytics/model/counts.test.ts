import { describe, expect, it } from 'vitest'
import { COUNT_FIELDS, formatCount, formatListening, formatListeningTick, ideaHits } from './counts'

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
        'want_to_read',
      ].sort(),
    )
  })

  it('writes counts with thousands separators', () => {
    expect(formatCount(1234567)).toBe('1,234,567')
    expect(formatCount(0)).toBe('0')
  })

  it('writes listening time as seconds, minutes and seconds under an hour, hours and minutes after', () => {
    expect(formatListening(0)).toBe('0 s')
    expect(formatListening(13 / 3600)).toBe('13 s')
    expect(formatListening(59.6 / 3600)).toBe('1 min')
    expect(formatListening(245 / 3600)).toBe('4 min 05 s')
    expect(formatListening(0.25)).toBe('15 min')
    expect(formatListening(3599 / 3600)).toBe('59 min 59 s')
    expect(formatListening(1)).toBe('1 h 00 min')
    expect(formatCount(3.5, true)).toBe('3 h 30 min')
    expect(formatCount(1234.567, true)).toBe('1,234 h 34 min')
    expect([0.0125, 0.2, 2.5].map(formatListeningTick)).toEqual(['45s', '12m', '2.5h'])
  })

  it('shows Idea Hits with underscores turned into spaces, in the order sent', () => {
    expect(ideaHits({ a_lighthouse_keeper_at_sea: 12, lost__letters: 0, storm_: null })).toEqual([
      { key: 'a_lighthouse_keeper_at_sea', label: 'a lighthouse keeper at sea', value: 12 },
      { key: 'lost__letters', label: 'lost letters', value: 0 },
      { key: 'storm_', label: 'storm', value: null },
    ])
  })
})
