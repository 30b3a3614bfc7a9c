import { describe, expect, it } from 'vitest'
import { Value } from '@sinclair/typebox/value'
import { LISTENER_WINDOW_SECONDS, STRONG_MATCH_SCORE } from '@bookstrut/analytics'
import { AnalyticsEvent } from '@bookstrut/schemas'
import { demoEngagement, type DemoEngagementInput } from './demo-engagement.js'

// The demo's engagement (issue 48): events as the server would make them, honouring the counting rules.

const NOW = new Date('2026-12-02T15:20:00Z')
const input: DemoEngagementInput = {
  bookId: '6756a0b1c2d3e4f5a6b7c8d9',
  episodeId: '6756a0b1c2d3e4f5a6b7c8da',
  clipSeconds: 42,
  ideas: ['A lighthouse keeper guards the coast', 'Letters from a lost brother', 'A town keeps a secret'],
  now: NOW,
  days: 28,
  visitors: 160,
  seed: 'test-seed',
}
const windowOf = (e: AnalyticsEvent) => Math.floor(Date.parse(e.ts) / 1000 / LISTENER_WINDOW_SECONDS)

describe('the demo engagement', () => {
  const events = demoEngagement(input)

  it('is valid events of the book, all in the past four weeks and at least an hour ago, each id once', () => {
    expect(events.length).toBeGreaterThan(100)
    for (const e of events) expect(Value.Check(AnalyticsEvent, e), JSON.stringify(e)).toBe(true)
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length)
    expect(events.every((e) => e.podcastId === input.bookId)).toBe(true)
    const times = events.map((e) => Date.parse(e.ts))
    expect(Math.max(...times)).toBeLessThanOrEqual(NOW.getTime() - 3_600_000 + 600_000)
    expect(Math.min(...times)).toBeGreaterThanOrEqual(NOW.getTime() - 30 * 86_400_000)
  })

  it('honours the counting rules: one impression per reader and window, listening within the clip', () => {
    const impressions = events.filter((e) => e.type === 'impression')
    const keys = impressions.map((e) => `${e.anonymousId}@${windowOf(e)}`)
    expect(new Set(keys).size).toBe(keys.length)
    for (const e of events.filter((x) => x.type === 'listening'))
      expect(e.listening!.seconds).toBeLessThanOrEqual(input.clipSeconds)
    // Each impression is an idea search with one strong match: an Idea Hit for the book.
    for (const e of impressions) {
      expect(e.search?.mode).toBe('idea')
      expect(e.search!.scores[0]).toBeGreaterThanOrEqual(STRONG_MATCH_SCORE)
    }
    expect(events.filter((e) => e.type === 'play').length).toBeGreaterThan(0)
  })

  it('makes the same events again for the same days: a second demo run stores nothing twice', () => {
    const again = demoEngagement(input)
    expect(again.map((e) => e.id)).toEqual(events.map((e) => e.id))
    // A day later: the days both cover have the same events; only the new hours add some.
    const later = demoEngagement({ ...input, now: new Date(NOW.getTime() + 86_400_000) })
    const laterIds = new Set(later.map((e) => e.id))
    const sharedDays = events.filter((e) => Date.parse(e.ts) >= NOW.getTime() - 27 * 86_400_000)
    expect(sharedDays.filter((e) => !laterIds.has(e.id))).toEqual([])
  })
})
