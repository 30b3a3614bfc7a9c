import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildUser } from '@bookstrut/accounts/testing'
import {
  createChdbStore,
  insertEvents,
  migrateAnalytics,
  top20Repo,
  type AnalyticsStore,
} from '@bookstrut/analytics'
import { createLogger, createRedis, ManualClock, type Db } from '@bookstrut/core'
import {
  buildListing,
  createTestDb,
  testPrefix,
  testRedisUrl,
  until,
  type TestDb,
} from '@bookstrut/core/testing'
import type { AnalyticsEvent } from '@bookstrut/schemas'
import { rankTop20, TOP20_SIZE } from './top20-ranking.js'
import { startTop20Worker } from './top20.worker.js'

// The Top 20 on real PostgreSQL, chDB and Redis/BullMQ.

let testDb: TestDb
let db: Db
let store: AnalyticsStore
let dir: string

beforeAll(async () => {
  testDb = await createTestDb('top20')
  db = testDb.db
  dir = await mkdtemp(path.join(tmpdir(), 'bookstrut-top20-'))
  store = createChdbStore(dir)
  await migrateAnalytics(store)
})

afterAll(async () => {
  await store?.close()
  await testDb?.drop()
  if (dir) await rm(dir, { recursive: true, force: true })
})

const NOW = new Date('2026-11-20T12:00:00Z')

function by(podcastId: string, type: AnalyticsEvent['type'], userId: string, ts: string): AnalyticsEvent {
  return { id: randomUUID(), type, ts, podcastId, episodeId: null, userId, anonymousId: null }
}

const titleId = async (fields: Parameters<typeof buildListing>[1] = {}) => (await buildListing(db, fields)).id
// Readers are event actors only: the ranking never looks them up in PostgreSQL.
const readerId = async () => randomUUID().replace(/-/g, '').slice(0, 24)

/** n readers each play and like the title on the morning of `day` (YYYY-MM-DD). */
async function readersEngage(podcastId: string, n: number, day = '2026-11-20') {
  const events: AnalyticsEvent[] = []
  for (let i = 0; i < n; i++) {
    const reader = await readerId()
    events.push(
      by(podcastId, 'play', reader, `${day}T09:00:00.000Z`),
      by(podcastId, 'like', reader, `${day}T09:01:00.000Z`),
    )
  }
  return events
}

describe('rankTop20', () => {
  it('ranks by readers, not by one reader hammering, and leaves out titles that may not appear', async () => {
    const popular = await titleId()
    const hammered = await titleId()
    const pending = await titleId({ status: 0 })
    const inactive = await titleId({ is_active: false })
    const blockedAuthor = (await buildUser(db, { role: 'author', blocked: true })).id
    const ofBlocked = await titleId({ create_by: blockedAuthor })
    const hammer = await readerId()
    const hammering = Array.from({ length: 200 }, (_, i) =>
      (['play', 'like', 'favorite', 'share', 'purchase_click', 'listening'] as const).map((type) =>
        by(
          hammered,
          type,
          hammer,
          `2026-11-20T${String(i % 12).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00.000Z`,
        ),
      ),
    ).flat()
    await insertEvents(
      store,
      [
        ...hammering,
        ...(await readersEngage(popular, 2)),
        ...(await readersEngage(pending, 5)),
        ...(await readersEngage(inactive, 5)),
        ...(await readersEngage(ofBlocked, 5)),
      ],
      NOW,
    )

    const entries = await rankTop20({ db, store }, NOW)
    const ours = entries
      .map((e) => e.bookId)
      .filter((id) => [popular, hammered, pending, inactive, ofBlocked].includes(id))
    expect(ours).toEqual([popular, hammered])
    expect(entries.find((e) => e.bookId === hammered)).toMatchObject({ score: 3, readers: 1 })

    const latest = await top20Repo.latestRanking(db)
    expect(latest?.computedAt.toISOString()).toBe(NOW.toISOString())
    expect(latest?.entries.map((e) => e.podcast_id)).toEqual(entries.map((e) => e.bookId))
    expect(latest?.entries.map((e) => e.position)).toEqual(entries.map((_, i) => i + 1))
  })

  it('keeps the best 20 only', async () => {
    const titles: string[] = []
    const events: AnalyticsEvent[] = []
    // 25 titles, the k-th with k readers (all more than the first test's titles), on the day after
    for (let k = 3; k < 28; k++) {
      const id = await titleId()
      titles.push(id)
      events.push(...(await readersEngage(id, k, '2026-11-21')))
    }
    await insertEvents(store, events, NOW)
    const entries = await rankTop20({ db, store }, new Date('2026-11-21T12:00:00Z'))
    expect(entries).toHaveLength(TOP20_SIZE)
    expect(entries.map((e) => e.bookId)).toEqual(titles.slice(-TOP20_SIZE).reverse())
  })

  it('counts days in the Top 20 once per UTC day, however many rankings ran', async () => {
    const title = await titleId()
    await insertEvents(store, await readersEngage(title, 40, '2026-11-22'), NOW)
    expect(await top20Repo.daysInTop20(db, title)).toBe(0)
    await rankTop20({ db, store }, new Date('2026-11-22T10:00:00Z'))
    await rankTop20({ db, store }, new Date('2026-11-22T10:05:00Z'))
    await rankTop20({ db, store }, new Date('2026-11-22T23:59:00Z'))
    expect(await top20Repo.daysInTop20(db, title)).toBe(1)
    await rankTop20({ db, store }, new Date('2026-11-23T00:01:00Z'))
    expect(await top20Repo.daysInTop20(db, title)).toBe(2)
    // ten days on, its engagement has left the 7-day window: the ranking no longer holds it, its days stay
    const later = await rankTop20({ db, store }, new Date('2026-12-03T10:00:00Z'))
    expect(later.map((e) => e.bookId)).not.toContain(title)
    expect(await top20Repo.daysInTop20(db, title)).toBe(2)
  })
})

describe('the anomaly guard', () => {
  // A week no other test of this file has events in; earlier than the worker's ranking below (the latest).
  const AT = new Date('2026-12-01T12:00:00Z')
  const visitor = (address: number, slot: number) => `${address.toString(16).padStart(20, 'a')}-${slot}`
  const anon = (
    podcastId: string,
    type: AnalyticsEvent['type'],
    anonymousId: string,
    ts: string,
  ): AnalyticsEvent => ({
    id: randomUUID(),
    type,
    ts,
    podcastId,
    episodeId: null,
    userId: null,
    anonymousId,
  })

  it("discounts the visitors' share of titles read mostly by visitors or flooded from few addresses, records why, and keeps the rest", async () => {
    const [crowd, flooded, genuine, floodedGenuine] = [
      await titleId(),
      await titleId(),
      await titleId(),
      await titleId(),
    ]
    const events: AnalyticsEvent[] = []
    // crowd: 10 addresses x 4 visitors play and like it: 10 points, all anonymous, 40 visitors
    for (let a = 1; a <= 10; a++)
      for (let slot = 0; slot < 4; slot++)
        events.push(
          anon(crowd, 'play', visitor(a, slot), '2026-12-01T09:00:00.000Z'),
          anon(crowd, 'like', visitor(a, slot), '2026-12-01T09:00:30.000Z'),
        )
    // flooded: one address sends 150 plays and 150 listening events within a minute (as in the issue)
    for (let i = 0; i < 150; i++) {
      const v = visitor(99, i % 4)
      events.push(
        anon(flooded, 'play', v, '2026-12-01T10:00:10.000Z'),
        anon(flooded, 'listening', v, '2026-12-01T10:00:20.000Z'),
      )
    }
    // genuine: three signed-in readers play it
    events.push(...(await readersEngage(genuine, 3, '2026-12-01')))
    // floodedGenuine: the same flood on a title five signed-in readers play and like: it stays in
    events.push(...(await readersEngage(floodedGenuine, 5, '2026-12-01')))
    for (let i = 0; i < 150; i++)
      events.push(anon(floodedGenuine, 'play', visitor(98, i % 4), '2026-12-01T10:00:10.000Z'))
    await insertEvents(store, events, AT)

    const entries = await rankTop20({ db, store }, AT)
    const ids = entries.map((e) => e.bookId)
    expect(ids).toEqual([floodedGenuine, genuine])
    expect(entries[0]).toMatchObject({ score: 11, readers: 9, anonymousScore: 1, anonymousReaders: 4 })

    const held = await top20Repo.heldBooks(db, 10)
    const ours = held.filter((h) => [crowd, flooded, genuine, floodedGenuine].includes(h.podcast_id))
    expect(ours.map((h) => [h.podcast_id, h.reason, h.score, h.readers]).sort()).toEqual(
      [
        [crowd, 'anonymous_majority', 10, 40],
        [flooded, 'address_burst', 1, 4],
      ].sort(),
    )
    // Discounted, not removed: what the visitors earned it is taken away, and what is left ranks (nothing, here).
    expect(ours.find((h) => h.podcast_id === flooded)?.details).toEqual({
      anonymousShare: 1,
      anonymousReaders: 4,
      burstEvents: 300,
      discounted: 1,
      countedScore: 0,
    })
    expect(ours.every((h) => h.held_at.toISOString() === AT.toISOString())).toBe(true)

    // An admin releases the crowd title (the admin console): the next ranking counts it; the flood stays held.
    const later = new Date(AT.getTime() + 60_000)
    await db
      .insertInto('top20_releases')
      .values({
        podcast_id: crowd,
        decision: 'release',
        until: new Date(AT.getTime() + 86_400_000),
        decided_by: crowd,
        decided_at: AT,
      })
      .execute()
    const afterRelease = (await rankTop20({ db, store }, later)).map((e) => e.bookId)
    expect(afterRelease).toEqual([floodedGenuine, crowd, genuine])
    // A release that ran out is no release: the guard holds it again.
    const muchLater = new Date(AT.getTime() + 2 * 86_400_000)
    expect((await rankTop20({ db, store }, muchLater)).map((e) => e.bookId)).not.toContain(crowd)
  })
})

describe('the top20 worker', () => {
  const connection = createRedis(testRedisUrl, 'worker')
  afterAll(() => connection.disconnect())

  it('ranks on its schedule (the first run at start) and stores the ranking', async () => {
    const title = await titleId()
    // later than every ranking above, so the job's ranking is the latest
    const at = new Date('2026-12-10T12:00:00Z')
    await insertEvents(store, await readersEngage(title, 50, '2026-12-10'), at)
    const before = await top20Repo.latestRanking(db)
    const worker = startTop20Worker({
      connection,
      prefix: testPrefix('top20'),
      db,
      store,
      clock: new ManualClock(at),
      logger: createLogger('silent'),
      everyMs: 60 * 60_000,
    })
    try {
      await worker.waitUntilReady()
      await until('a ranking stored by the job', async () => {
        const latest = await top20Repo.latestRanking(db)
        return latest !== undefined && latest.id !== before?.id
      })
      const latest = await top20Repo.latestRanking(db)
      expect(latest?.computedAt.toISOString()).toBe(at.toISOString())
      expect(latest?.entries[0]?.podcast_id).toBe(title)
    } finally {
      await worker.close()
    }
  })
})
