import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnalyticsEvent } from '@bookstrut/schemas'
import type { AnalyticsStore } from './analytics-store.js'
import { migrateAnalytics } from './analytics-schema.js'
import { insertEvents } from './insert-events.js'
import { sqlString } from './sql-literals.js'
import { titleEventCounts } from './queries/title-event-counts.js'
import { titleListening } from './queries/title-listening.js'

/*
 * What every analytics store must do, run against chDB always and against a ClickHouse server when one answers:
 * the same tables, the same SQL, the same exact counts (duplicates folded before any merge, counting rules).
 */

const hex24 = () => randomUUID().replace(/-/g, '').slice(0, 24)
const at = (iso: string) => new Date(iso)
const DAY = { from: at('2026-11-20T00:00:00Z'), to: at('2026-11-21T00:00:00Z') }

function event(podcastId: string, fields: Partial<AnalyticsEvent> = {}): AnalyticsEvent {
  return {
    id: randomUUID(),
    type: 'play',
    ts: '2026-11-20T10:05:00.000Z',
    podcastId,
    episodeId: null,
    userId: null,
    anonymousId: 'anon-0000000000000001',
    ...fields,
  }
}

const countsOf = async (store: AnalyticsStore, podcastId: string) =>
  Object.fromEntries((await titleEventCounts(store, podcastId, DAY, 'total')).map((c) => [c.type, c.count]))

export function analyticsStoreContract(name: string, open: () => Promise<AnalyticsStore>) {
  describe(`analytics store contract: ${name}`, () => {
    let store: AnalyticsStore
    beforeAll(async () => {
      store = await open()
      await migrateAnalytics(store)
    })
    afterAll(async () => store?.close())

    it('makes its tables idempotently', async () => {
      await migrateAnalytics(store)
      expect(await store.ping()).toBe(true)
    })

    it('counts an event inserted twice, and a batch inserted twice, once', async () => {
      const podcastId = hex24()
      const batch = [1, 2, 3].map((i) =>
        event(podcastId, { type: 'impression', anonymousId: `anon-00000000000000${i}0` }),
      )
      await insertEvents(store, batch, new Date())
      await insertEvents(store, batch, new Date())
      await insertEvents(store, [batch[0]!], new Date())
      expect(await countsOf(store, podcastId)).toEqual({ impression: 3 })
      const [stored] = await store.select(
        `SELECT count() AS n FROM events WHERE podcast_id = ${sqlString(podcastId)}`,
      )
      // The raw rows may hold the duplicates until a merge; the counts never do.
      expect(Number((stored as { n: number | string }).n)).toBeGreaterThanOrEqual(3)
    })

    it('counts a play once per listener per title per half hour', async () => {
      const podcastId = hex24()
      const reader = hex24()
      await insertEvents(
        store,
        [
          event(podcastId, { userId: reader, anonymousId: null, ts: '2026-11-20T10:01:00.000Z' }),
          event(podcastId, { userId: reader, anonymousId: null, ts: '2026-11-20T10:20:00.000Z' }),
          event(podcastId, { userId: reader, anonymousId: null, ts: '2026-11-20T10:31:00.000Z' }),
          event(podcastId, { anonymousId: 'anon-aaaaaaaaaaaaaaaa', ts: '2026-11-20T10:02:00.000Z' }),
          event(podcastId, { anonymousId: 'anon-aaaaaaaaaaaaaaaa', ts: '2026-11-20T10:03:00.000Z' }),
          event(podcastId, {
            type: 'share',
            anonymousId: 'anon-aaaaaaaaaaaaaaaa',
            ts: '2026-11-20T10:04:00.000Z',
          }),
          event(podcastId, {
            type: 'share',
            anonymousId: 'anon-aaaaaaaaaaaaaaaa',
            ts: '2026-11-20T10:05:00.000Z',
          }),
        ],
        new Date(),
      )
      expect(await countsOf(store, podcastId)).toEqual({ play: 3, share: 1 })
    })

    it('sums listening once per event and caps it per listener and window by the clip length', async () => {
      const podcastId = hex24()
      const listen = (seconds: number, ts: string, anonymousId = 'anon-bbbbbbbbbbbbbbbb') =>
        event(podcastId, { type: 'listening', ts, anonymousId, listening: { seconds, clipSeconds: 90 } })
      const once = listen(40, '2026-11-20T10:01:00.000Z')
      await insertEvents(
        store,
        [
          once,
          listen(30, '2026-11-20T11:02:00.000Z'),
          listen(80, '2026-11-20T11:10:00.000Z'), // same window: 110 s capped at 90
          listen(25, '2026-11-20T11:12:00.000Z', 'anon-cccccccccccccccc'),
        ],
        new Date(),
      )
      await insertEvents(store, [once], new Date()) // a retried insert adds nothing
      const total = await titleListening(store, podcastId, DAY, 'total')
      expect(total.map((t) => t.seconds)).toEqual([40 + 90 + 25])
      const hourly = await titleListening(store, podcastId, DAY, 'hour')
      expect(hourly.map((h) => [h.bucket.toISOString(), h.seconds])).toEqual([
        ['2026-11-20T10:00:00.000Z', 40],
        ['2026-11-20T11:00:00.000Z', 115],
      ])
    })

    it('cuts counts per hour and per UTC day', async () => {
      const podcastId = hex24()
      await insertEvents(
        store,
        [
          event(podcastId, { type: 'impression', ts: '2026-11-20T09:59:59.000Z' }),
          event(podcastId, { type: 'impression', ts: '2026-11-20T10:00:00.000Z' }),
          event(podcastId, { type: 'impression', ts: '2026-11-20T23:59:00.000Z' }),
          event(podcastId, { type: 'impression', ts: '2026-11-21T00:00:01.000Z' }),
        ],
        new Date(),
      )
      const hours = await titleEventCounts(store, podcastId, DAY, 'hour')
      expect(hours.map((h) => [h.bucket.toISOString(), h.count])).toEqual([
        ['2026-11-20T09:00:00.000Z', 1],
        ['2026-11-20T10:00:00.000Z', 1],
        ['2026-11-20T23:00:00.000Z', 1],
      ])
      const days = await titleEventCounts(
        store,
        podcastId,
        { from: DAY.from, to: at('2026-11-22T00:00:00Z') },
        'day',
      )
      expect(days.map((d) => [d.bucket.toISOString(), d.count])).toEqual([
        ['2026-11-20T00:00:00.000Z', 3],
        ['2026-11-21T00:00:00.000Z', 1],
      ])
    })

    it('keeps the search context of impressions', async () => {
      const podcastId = hex24()
      await insertEvents(
        store,
        [
          event(podcastId, {
            type: 'impression',
            search: {
              mode: 'idea',
              rank: 7,
              scores: [81.5, 40, 12.25, 6.13],
              query: ['a storm', "it's late", 'a\\b'],
            },
          }),
        ],
        new Date(),
      )
      const rows = await store.select(
        `SELECT search_mode, search_rank, search_scores, search_query FROM events WHERE podcast_id = ${sqlString(podcastId)}`,
      )
      expect(rows).toEqual([
        {
          search_mode: 'idea',
          search_rank: 7,
          search_scores: [81.5, 40, 12.25, 6.13],
          search_query: ['a storm', "it's late", 'a\\b'],
        },
      ])
    })

    it('quotes literals so that a hostile value stays a value', async () => {
      const rows = await store.select(`SELECT ${sqlString("x' OR 1=1 --\\")} AS v`)
      expect(rows).toEqual([{ v: "x' OR 1=1 --\\" }])
    })
  })
}
