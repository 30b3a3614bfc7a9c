import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildUser } from '@bookstrut/accounts/testing'
import { bookEventCounts, bookListening } from '@bookstrut/analytics'
import { newId } from '@bookstrut/core'
import { buildEpisode, buildListing, until } from '@bookstrut/core/testing'
import { buildAnalyticsTestApp, type AnalyticsTestApp } from '../../test/analytics-app.js'
import { client } from '../../test/api-client.js'
import { storedEvents } from '../../test/analytics-probe.js'

// Event tracking against the real API, Redis queue, ingest worker and chDB: each test sends a known set of events
// and reads the exact counts back from the analytics store.

const ANON_LIMIT = 40
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'
const ALL_TIME = { from: new Date('2000-01-01T00:00:00Z'), to: new Date('2100-01-01T00:00:00Z') }

let t: AnalyticsTestApp
beforeAll(async () => {
  t = await buildAnalyticsTestApp({ EVENTS_RATE_LIMIT_ANON: String(ANON_LIMIT) })
})
afterAll(async () => t?.close())

/** A new approved title with one 90-second podblurb. */
async function title() {
  const listing = await buildListing(t.app.db)
  const episodeId = await buildEpisode(t.app.db, listing.id, 90)
  return { podcastId: listing.id, episodeId }
}

const anonymous = () => randomUUID()
const browser = (anonymousId?: string) => ({
  'user-agent': BROWSER,
  ...(anonymousId ? { 'x-anonymous-id': anonymousId } : {}),
})

async function counts(podcastId: string) {
  const rows = await bookEventCounts(t.store, podcastId, ALL_TIME, 'total')
  return Object.fromEntries(rows.map((r) => [r.type, r.count]))
}

/** Waits until `n` distinct events about the title are stored. */
const stored = (podcastId: string, n: number) =>
  until(`${n} events stored`, async () => (await storedEvents(t.store, [podcastId])).length >= n, 20_000)

describe('event tracking', () => {
  it('accepts anonymous plays at once (202) and stores them', async () => {
    const { podcastId, episodeId } = await title()
    const res = await client(t.app).post(
      '/track-audio-play',
      { podcastId, episodeId },
      { headers: browser(anonymous()) },
    )
    expect(res.status).toBe(202)
    expect(res.body).toMatchObject({ success: true, data: { accepted: 1, ids: [expect.any(String)] } })
    await stored(podcastId, 1)
    expect(await counts(podcastId)).toEqual({ play: 1 })
  })

  it('counts the same event sent twice, and a retried batch, once', async () => {
    const { podcastId, episodeId } = await title()
    const api = client(t.app)
    const id = randomUUID()
    const anonymousId = anonymous()
    for (let i = 0; i < 2; i++)
      expect(
        (
          await api.post(
            '/track-purchase-click',
            { id, podcastId, episodeId, anonymousId },
            { headers: browser() },
          )
        ).status,
      ).toBe(202)
    const batch = {
      anonymousId: anonymous(),
      events: [
        { id: randomUUID(), type: 'description_click', podcastId },
        { id: randomUUID(), type: 'profile_click', podcastId },
        { id: randomUUID(), type: 'listening', podcastId, episodeId, seconds: 30 },
      ],
    }
    for (let i = 0; i < 3; i++)
      expect((await api.post('/events', batch, { headers: browser() })).status).toBe(202)
    await stored(podcastId, 4)
    // Give a would-be duplicate time to arrive, then count.
    await new Promise((r) => setTimeout(r, 500))
    expect(await counts(podcastId)).toEqual({
      purchase_click: 1,
      description_click: 1,
      profile_click: 1,
      listening: 1,
    })
    expect((await bookListening(t.store, podcastId, ALL_TIME, 'total'))[0]?.seconds).toBe(30)
  })

  it('counts plays once per listener per half hour and caps listening by the clip length', async () => {
    const { podcastId, episodeId } = await title()
    const reader = await buildUser(t.app.db)
    const api = client(t.app)
    for (let i = 0; i < 3; i++)
      expect(
        (
          await api.post(
            '/track-audio-play',
            { podcastId, episodeId },
            { token: reader.token, headers: browser() },
          )
        ).status,
      ).toBe(202)
    // 500 s reported for a 90 s clip: stored as 90; then 60 s more in the same window: still 90 for the play.
    await api.post(
      '/track-listening',
      { podcastId, episodeId, listeningHours: 500 },
      { token: reader.token, headers: browser() },
    )
    await api.post(
      '/track-listening',
      { podcastId, episodeId, listeningHours: 60 },
      { token: reader.token, headers: browser() },
    )
    await api.put(
      `/increment/values?podcastId=${podcastId}&episodeId=${episodeId}`,
      { shares: 1 },
      { token: reader.token, headers: browser() },
    )
    await stored(podcastId, 6)
    expect(await counts(podcastId)).toEqual({ play: 1, listening: 2, share: 1 })
    expect((await bookListening(t.store, podcastId, ALL_TIME, 'total'))[0]?.seconds).toBe(90)
    const events = await storedEvents(t.store, [podcastId])
    expect(new Set(events.map((e) => e.actor))).toEqual(new Set([`u:${reader.id}`]))
  })

  it('refuses a forged userId with 403, and a blocked account with 403 BLOCKED, queuing nothing', async () => {
    const { podcastId } = await title()
    const reader = await buildUser(t.app.db)
    const other = await buildUser(t.app.db)
    const api = client(t.app)
    const asOther = await api.post(
      '/track-audio-play',
      { podcastId, userId: reader.id },
      { token: other.token, headers: browser() },
    )
    expect(asOther.status).toBe(403)
    const asNobody = await api.post(
      '/track-audio-play',
      { podcastId, userId: reader.id, anonymousId: anonymous() },
      { headers: browser() },
    )
    expect(asNobody.status).toBe(403)
    const blocked = await buildUser(t.app.db, { blocked: true })
    const refused = await api.post(
      '/track-audio-play',
      { podcastId },
      { token: blocked.token, headers: browser() },
    )
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ code: 'BLOCKED' })
    await expectNothingStoredAfterAMarker(podcastId)
  })

  it('answers bad input with 4xx and writes nothing', async () => {
    const { podcastId, episodeId } = await title()
    const other = await title()
    const api = client(t.app)
    const anonymousId = anonymous()
    const bad: [string, unknown, number][] = [
      ['/track-audio-play', { podcastId: 'nope', anonymousId }, 400],
      ['/track-audio-play', { podcastId, anonymousId, extra: 1 }, 400],
      ['/track-audio-play', { podcastId, anonymousId: 'short' }, 400],
      ['/track-audio-play', { podcastId: newId(), anonymousId }, 404],
      ['/track-audio-play', { podcastId, episodeId: other.episodeId, anonymousId }, 404],
      ['/track-listening', { podcastId, episodeId, anonymousId, listeningHours: -1 }, 400],
      ['/track-listening', { podcastId, episodeId, anonymousId, listeningHours: 'ten' }, 400],
      ['/events', { anonymousId, events: [] }, 400],
      ['/events', { anonymousId, events: [{ type: 'impression', podcastId }] }, 400],
      ['/events', { anonymousId, events: [{ type: 'listening', podcastId }] }, 400],
      // One bad event refuses the whole batch.
      [
        '/events',
        {
          anonymousId,
          events: [
            { type: 'play', podcastId },
            { type: 'play', podcastId: newId() },
          ],
        },
        404,
      ],
      [
        '/events',
        { anonymousId, events: Array.from({ length: 101 }, () => ({ type: 'play', podcastId })) },
        400,
      ],
    ]
    for (const [url, body, status] of bad) {
      const res = await api.post(url, body, { headers: browser() })
      expect([url, res.status]).toEqual([url, status])
      expect(res.body.success).toBe(false)
    }
    const share = await api.put(
      `/increment/values?podcastId=${podcastId}`,
      { shares: 2, anonymousId },
      { headers: browser() },
    )
    expect(share.status).toBe(400)
    await expectNothingStoredAfterAMarker(podcastId)
  })

  it("makes a visitor's identity itself from the address and agent, ignoring anonymous ids sent", async () => {
    const { podcastId } = await title()
    const api = client(t.app)
    const [fromHeader, fromBody] = [anonymous(), anonymous()]
    await api.post('/track-profile-click', { podcastId }, { headers: browser(fromHeader) })
    await api.post(
      '/events',
      { anonymousId: fromBody, events: [{ type: 'play', podcastId, anonymousId: anonymous() }] },
      { headers: browser() },
    )
    // another address with the same browser is another visitor
    await client(t.app).post('/track-profile-click', { podcastId }, { headers: browser() })
    await stored(podcastId, 3)
    const ids = (await storedEvents(t.store, [podcastId])).map((e) => e.anonymous_id)
    // `<salted address hash>-<slot>`: no address, none of the ids sent
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{20}-[0-3]$/)
    expect(new Set(ids).size).toBe(2)
    expect(ids).not.toContain(fromHeader)
    expect(ids).not.toContain(fromBody)
  })

  it('drops events from known bots unseen, with the same 202', async () => {
    const { podcastId } = await title()
    const res = await client(t.app).post(
      '/track-audio-play',
      { podcastId, anonymousId: anonymous() },
      { headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } },
    )
    expect(res.status).toBe(202)
    expect(res.body.data.accepted).toBe(0)
    await expectNothingStoredAfterAMarker(podcastId)
  })

  it('answers a flood from one client 429 with Retry-After, queuing none of the refused events', async () => {
    const { podcastId } = await title()
    const api = client(t.app)
    const anonymousId = anonymous()
    const events = (n: number) => Array.from({ length: n }, () => ({ type: 'play' as const, podcastId }))
    expect(
      (await api.post('/events', { anonymousId, events: events(ANON_LIMIT - 5) }, { headers: browser() }))
        .status,
    ).toBe(202)
    const refused = await api.post('/events', { anonymousId, events: events(10) }, { headers: browser() })
    expect(refused.status).toBe(429)
    expect(refused.body.code).toBe('RATE_LIMITED')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    // A new anonymous id from the same address gains nothing; another address has its own bucket.
    expect(
      (await api.post('/events', { anonymousId: anonymous(), events: events(10) }, { headers: browser() }))
        .status,
    ).toBe(429)
    expect(
      (await client(t.app).post('/events', { anonymousId, events: events(1) }, { headers: browser() }))
        .status,
    ).toBe(202)
    await stored(podcastId, ANON_LIMIT - 5 + 1)
    await new Promise((r) => setTimeout(r, 500))
    expect((await storedEvents(t.store, [podcastId])).length).toBe(ANON_LIMIT - 5 + 1)
  })
})

/**
 * Proves that nothing was queued about `podcastId`: a good event about another title sent now is stored only after
 * everything queued before it (one queue, first in first out), and by then the title still has no event.
 */
async function expectNothingStoredAfterAMarker(podcastId: string) {
  const marker = await title()
  await client(t.app).post(
    '/track-audio-play',
    { podcastId: marker.podcastId, anonymousId: anonymous() },
    { headers: browser() },
  )
  await stored(marker.podcastId, 1)
  expect(await storedEvents(t.store, [podcastId])).toEqual([])
}
