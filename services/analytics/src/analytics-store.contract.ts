import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnalyticsEvent } from '@bookstrut/schemas'
import type { AnalyticsStore } from './analytics-store.js'
import { migrateAnalytics } from './analytics-schema.js'
import { insertEvents } from './insert-events.js'
import { sqlString } from './sql-literals.js'
import { bookEventCounts } from './queries/book-event-counts.js'
import { bookListening } from './queries/book-listening.js'
import { bookTopSearches } from './queries/book-top-searches.js'
import { addressBursts } from './queries/address-bursts.js'
import { bookIdeaHits } from './queries/book-idea-hits.js'
import { engagementRanking } from './queries/engagement-ranking.js'

/*
 * What every analytics store must do, run against chDB always and against a ClickHouse server when one answers:
 * the same tables, the same SQL, the same exact counts (duplicates folded before any merge, counting rules).
 */

const hex24 = () => randomUUID().replace(/-/g, '').slice(0, 24)
const at = (iso: string) => new Date(iso)
const DAY = { from: at('2026-11-20T00:00:00Z'), to: at('2026-11-21T00:00:00Z') }

function event(bookId: string, fields: Partial<AnalyticsEvent> = {}): AnalyticsEvent {
  return {
    id: randomUUID(),
    type: 'play',
    ts: '2026-11-20T10:05:00.000Z',
    podcastId: bookId,
    episodeId: null,
    userId: null,
    anonymousId: 'anon-0000000000000001',
    ...fields,
  }
}

const countsOf = async (store: AnalyticsStore, bookId: string) =>
  Object.fromEntries((await bookEventCounts(store, bookId, DAY, 'total')).map((c) => [c.type, c.count]))

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
      const bookId = hex24()
      const batch = [1, 2, 3].map((i) =>
        event(bookId, { type: 'impression', anonymousId: `anon-00000000000000${i}0` }),
      )
      await insertEvents(store, batch, new Date())
      await insertEvents(store, batch, new Date())
      await insertEvents(store, [batch[0]!], new Date())
      expect(await countsOf(store, bookId)).toEqual({ impression: 3 })
      const [stored] = await store.select(
        `SELECT count() AS n FROM events WHERE podcast_id = ${sqlString(bookId)}`,
      )
      // The raw rows may hold the duplicates until a merge; the counts never do.
      expect(Number((stored as { n: number | string }).n)).toBeGreaterThanOrEqual(3)
    })

    it('counts a play once per listener per title per half hour', async () => {
      const bookId = hex24()
      const reader = hex24()
      await insertEvents(
        store,
        [
          event(bookId, { userId: reader, anonymousId: null, ts: '2026-11-20T10:01:00.000Z' }),
          event(bookId, { userId: reader, anonymousId: null, ts: '2026-11-20T10:20:00.000Z' }),
          event(bookId, { userId: reader, anonymousId: null, ts: '2026-11-20T10:31:00.000Z' }),
          event(bookId, { anonymousId: 'anon-aaaaaaaaaaaaaaaa', ts: '2026-11-20T10:02:00.000Z' }),
          event(bookId, { anonymousId: 'anon-aaaaaaaaaaaaaaaa', ts: '2026-11-20T10:03:00.000Z' }),
          event(bookId, {
            type: 'share',
            anonymousId: 'anon-aaaaaaaaaaaaaaaa',
            ts: '2026-11-20T10:04:00.000Z',
          }),
          event(bookId, {
            type: 'share',
            anonymousId: 'anon-aaaaaaaaaaaaaaaa',
            ts: '2026-11-20T10:05:00.000Z',
          }),
        ],
        new Date(),
      )
      expect(await countsOf(store, bookId)).toEqual({ play: 3, share: 1 })
    })

    it('sums listening once per event and caps it per listener and window by the clip length', async () => {
      const bookId = hex24()
      const listen = (seconds: number, ts: string, anonymousId = 'anon-bbbbbbbbbbbbbbbb') =>
        event(bookId, { type: 'listening', ts, anonymousId, listening: { seconds, clipSeconds: 90 } })
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
      const total = await bookListening(store, bookId, DAY, 'total')
      expect(total.map((t) => t.seconds)).toEqual([40 + 90 + 25])
      const hourly = await bookListening(store, bookId, DAY, 'hour')
      expect(hourly.map((h) => [h.bucket.toISOString(), h.seconds])).toEqual([
        ['2026-11-20T10:00:00.000Z', 40],
        ['2026-11-20T11:00:00.000Z', 115],
      ])
    })

    it('cuts counts per hour and per UTC day', async () => {
      const bookId = hex24()
      await insertEvents(
        store,
        [
          event(bookId, { type: 'impression', ts: '2026-11-20T09:59:59.000Z' }),
          event(bookId, { type: 'impression', ts: '2026-11-20T10:00:00.000Z' }),
          event(bookId, { type: 'impression', ts: '2026-11-20T23:59:00.000Z' }),
          event(bookId, { type: 'impression', ts: '2026-11-21T00:00:01.000Z' }),
        ],
        new Date(),
      )
      const hours = await bookEventCounts(store, bookId, DAY, 'hour')
      expect(hours.map((h) => [h.bucket.toISOString(), h.count])).toEqual([
        ['2026-11-20T09:00:00.000Z', 1],
        ['2026-11-20T10:00:00.000Z', 1],
        ['2026-11-20T23:00:00.000Z', 1],
      ])
      const days = await bookEventCounts(
        store,
        bookId,
        { from: DAY.from, to: at('2026-11-22T00:00:00Z') },
        'day',
      )
      expect(days.map((d) => [d.bucket.toISOString(), d.count])).toEqual([
        ['2026-11-20T00:00:00.000Z', 3],
        ['2026-11-21T00:00:00.000Z', 1],
      ])
    })

    it('keeps the search context of impressions', async () => {
      const bookId = hex24()
      await insertEvents(
        store,
        [
          event(bookId, {
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
        `SELECT search_mode, search_rank, search_scores, search_query FROM events WHERE podcast_id = ${sqlString(bookId)}`,
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

    it('counts idea-search impressions on the first page once per searcher and half hour (top_search)', async () => {
      const bookId = hex24()
      const shown = (
        rank: number,
        searcher: string,
        mode: 'idea' | 'keyword' = 'idea',
        ts = '2026-11-20T10:05:00.000Z',
      ) =>
        event(bookId, {
          type: 'impression',
          anonymousId: `anon-${searcher.repeat(16)}`,
          ts,
          search: { mode, rank, scores: mode === 'idea' ? [80, 20, 10, 5] : [], query: ['a', 'b', 'c'] },
        })
      const first = shown(1, 'a')
      // a: rank 1 three times in one window (one), then again in the next window (one more); b: rank 10; c: rank 11
      // (not the first page); d: keyword mode
      await insertEvents(
        store,
        [
          first,
          shown(2, 'a'),
          shown(1, 'a'),
          shown(1, 'a', 'idea', '2026-11-20T10:35:00.000Z'),
          shown(10, 'b'),
        ],
        new Date(),
      )
      await insertEvents(store, [first, shown(11, 'c'), shown(3, 'd', 'keyword')], new Date())
      expect(await bookTopSearches(store, bookId, DAY)).toBe(3)
    })

    it('counts Idea Hits per title idea: a strong reader idea sharing a content word with it', async () => {
      const bookId = hex24()
      const searched = (query: string[], scores: number[]) =>
        event(bookId, { type: 'impression', search: { mode: 'idea', rank: 4, scores, query } })
      const both = searched(
        ['Dragons in the STORM', 'time travel', 'a lonely lighthouse keeper'],
        [75, 90, 30, 40],
      )
      await insertEvents(
        store,
        [
          both, // storm (75) and time travel (90): hits idea 0 and idea 1
          searched(['storm chasers', 'cooking', 'gardens'], [69.9, 10, 10, 5]), // below the strong match: none
          searched(['a cooking storm', 'x y', 'the sea'], [10, 10, 71, 5]), // only "the sea" is strong: none
          searched(['lighthouse at night', 'ghosts', 'maps'], [88, 5, 5, 2]), // idea 2
        ],
        new Date(),
      )
      await insertEvents(store, [both], new Date())
      // the same searcher searching again in the same half hour adds nothing
      await insertEvents(store, [{ ...both, id: randomUUID() }], new Date())
      const ideas = ['storm at sea', 'Time-travel paradox', 'the old lighthouse', 'of a']
      expect(await bookIdeaHits(store, bookId, ideas, DAY)).toEqual([1, 1, 1, 0])
      // keyword-mode impressions and other books count nothing
      expect(await bookIdeaHits(store, hex24(), ideas, DAY)).toEqual([0, 0, 0, 0])
    })

    it('ranks titles by capped, decayed engagement: one reader hammering loses to several readers', async () => {
      const [hammered, popular, older, anonymous] = [hex24(), hex24(), hex24(), hex24()]
      const now = at('2026-11-20T12:00:00Z')
      const hammer = hex24()
      const by = (bookId: string, type: AnalyticsEvent['type'], user: string, ts: string) =>
        event(bookId, { type, userId: user, anonymousId: null, ts })
      const hammering = Array.from({ length: 60 }, (_, i) =>
        (['play', 'like', 'favorite', 'share', 'purchase_click'] as const).map((type) =>
          by(hammered, type, hammer, `2026-11-20T${String(i % 12).padStart(2, '0')}:0${i % 10}:00.000Z`),
        ),
      ).flat()
      const readers = [hex24(), hex24()]
      const realReaders = readers.flatMap((r) => [
        by(popular, 'play', r, '2026-11-20T09:00:00.000Z'),
        by(popular, 'like', r, '2026-11-20T09:01:00.000Z'),
      ])
      // three days ago: half-life 3 days, so 2 readers x 2 points x 0.5 = 2
      const earlier = readers.flatMap((r) => [
        by(older, 'play', r, '2026-11-17T09:00:00.000Z'),
        by(older, 'like', r, '2026-11-17T09:01:00.000Z'),
      ])
      // eight days ago and after `now`: outside the window
      const outside = [
        by(older, 'play', hex24(), '2026-11-12T09:00:00.000Z'),
        by(older, 'play', hex24(), '2026-11-20T13:00:00.000Z'),
      ]
      // a visitor not signed in, doing everything: ANONYMOUS_DAY_CAP (0.5) a day at most
      const anonymousEvents = (['play', 'share', 'purchase_click'] as const).map((type) =>
        event(anonymous, { type, anonymousId: 'anon-dddddddddddddddd', ts: '2026-11-20T08:00:00.000Z' }),
      )
      await insertEvents(
        store,
        [...hammering, ...realReaders, ...earlier, ...outside, ...anonymousEvents],
        new Date(),
      )
      await insertEvents(store, realReaders, new Date()) // duplicates count once
      const ranking = (await engagementRanking(store, now, 1000)).filter((r) =>
        [hammered, popular, older, anonymous].includes(r.bookId),
      )
      expect(ranking.map((r) => [r.bookId, r.score, r.readers])).toEqual([
        [popular, 4, 2],
        [hammered, 3, 1],
        [older, 2, 2],
        [anonymous, 0.5, 1],
      ])
    })

    it('caps what the visitors of one address earn a title a day, and reports them apart', async () => {
      const [flooded, read] = [hex24(), hex24()]
      const now = at('2026-11-20T12:00:00Z')
      const address = 'f'.repeat(20)
      // four visitors (the slots of one address) doing everything, twice: 4 x 0.5 capped at 1 for the address
      const flood = [0, 1, 2, 3].flatMap((slot) =>
        (['play', 'share', 'purchase_click', 'like'] as const).map((type) =>
          event(flooded, { type, anonymousId: `${address}-${slot}`, ts: '2026-11-20T08:00:00.000Z' }),
        ),
      )
      const signedIn = [hex24(), hex24()].map((userId) =>
        event(read, { type: 'play', userId, anonymousId: null, ts: '2026-11-20T09:00:00.000Z' }),
      )
      await insertEvents(
        store,
        [...flood, ...flood.map((e) => ({ ...e, id: randomUUID() })), ...signedIn],
        new Date(),
      )
      const ranking = (await engagementRanking(store, now, 1000)).filter((r) =>
        [flooded, read].includes(r.bookId),
      )
      expect(ranking).toEqual([
        { bookId: read, score: 2, readers: 2, anonymousScore: 0, anonymousReaders: 0 },
        { bookId: flooded, score: 1, readers: 4, anonymousScore: 1, anonymousReaders: 4 },
      ])
      const bursts = await addressBursts(store, [flooded, read], {
        from: at('2026-11-20T00:00:00Z'),
        to: now,
      })
      expect(bursts.size).toBe(0) // 32 events: below a burst
    })

    it('quotes literals so that a hostile value stays a value', async () => {
      const rows = await store.select(`SELECT ${sqlString("x' OR 1=1 --\\")} AS v`)
      expect(rows).toEqual([{ v: "x' OR 1=1 --\\" }])
    })
  })
}
