import { afterAll, describe, expect, it } from 'vitest'
import { createRedis, ManualClock } from '@bookstrut/core'
import { testPrefix, testRedisUrl } from '@bookstrut/core/testing'
import { createVisitors } from './anonymous-id.js'

// The day's salt on the real Redis: shared by api processes, changed daily, forgotten after two days.

const redis = createRedis(testRedisUrl, 'producer')
afterAll(() => redis.disconnect())

const request = (ip: string, agent = 'Mozilla/5.0 Firefox/133.0') => ({
  ip,
  headers: { 'user-agent': agent },
})

describe('visitors', () => {
  it('gives one visitor the same id in every api process, a new one the next day', async () => {
    const prefix = testPrefix('visitors')
    const clock = new ManualClock(new Date('2026-11-27T10:00:00Z'))
    const [one, two] = [createVisitors(redis, prefix, clock), createVisitors(redis, prefix, clock)]
    const [a, b] = await Promise.all([one.idOf(request('198.51.100.4')), two.idOf(request('198.51.100.4'))])
    expect(a).toBe(b)
    expect(await one.idOf(request('198.51.100.5'))).not.toBe(a)
    const ttl = await redis.ttl(`${prefix}:visitor-salt:2026-11-27`)
    expect(ttl).toBeGreaterThan(86_400)
    expect(ttl).toBeLessThanOrEqual(2 * 86_400)
    clock.advance(86_400_000)
    expect(await two.idOf(request('198.51.100.4'))).not.toBe(a)
    expect(await one.idOf(request('198.51.100.4'))).toBe(await two.idOf(request('198.51.100.4')))
  })

  it('ignores the anonymous id a client sends', async () => {
    const visitors = createVisitors(redis, testPrefix('visitors'), new ManualClock())
    const plain = await visitors.idOf(request('198.51.100.9'))
    const claimed = await visitors.idOf({
      ip: '198.51.100.9',
      headers: { 'user-agent': 'Mozilla/5.0 Firefox/133.0', 'x-anonymous-id': 'chosen-by-the-client-123' },
    })
    expect(claimed).toBe(plain)
  })
})
