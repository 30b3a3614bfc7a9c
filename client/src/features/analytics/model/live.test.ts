import { describe, expect, it } from 'vitest'
import { ANALYTICS_TIMEOUT_MS, formatUpdatedAt, LIVE_REFRESH_MS } from './live'

describe('the live indicator', () => {
  it('drops a request before the next poll would start', () => {
    expect(ANALYTICS_TIMEOUT_MS).toBeLessThan(LIVE_REFRESH_MS)
  })

  it('gives the time alone for today and the date too for another day', () => {
    const now = new Date(2026, 10, 24, 15, 0, 0)
    expect(formatUpdatedAt(new Date(2026, 10, 24, 14, 5, 9).toISOString(), now)).toBe('14:05:09')
    expect(formatUpdatedAt(new Date(2026, 10, 23, 14, 5, 9).toISOString(), now)).toMatch(
      /23 Nov 2026.*14:05:09/,
    )
    expect(formatUpdatedAt('not a date', now)).toBe('—')
  })
})
