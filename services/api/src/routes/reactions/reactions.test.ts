import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest'
import { buildUser } from '@bookstrut/accounts/testing'
import { ManualClock, newId, type ListingStatus } from '@bookstrut/core'
import { buildListing } from '@bookstrut/core/testing'
import type { AnalyticsEvent } from '@bookstrut/schemas'
import { dailyReactionEventId, reactionEventId } from '@bookstrut/analytics'
// The keyword search's reaction flags are checked here, beside the reactions that set them.
import { searchByKeywords, type SurfaceIndex } from '@bookstrut/search'
import { buildTestApp, type TestApp } from '../../test/test-app.js'
import { injectCall } from '../../test/inject-call.js'

let t: TestApp
let queued: AnalyticsEvent[] = []

async function title(status: ListingStatus = 1) {
  const { id } = await buildListing(t.app.db, { status, language: null })
  const episodeId = newId()
  await t.app.db
    .insertInto('episodes')
    .values({ id: episodeId, podcast_id: id, part: 1, created_at: new Date() })
    .execute()
  return { id, episodeId }
}

/**
 * The clock starts early in a UTC day (the run's day, at most 12 hours back), so that "3 hours later, the same day"
 * stays the same day whenever the suite runs; a start at the real time failed every evening after 21:00 UTC.
 */
function earlyToday(): Date {
  const now = new Date()
  const noon = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12))
  return now < noon ? now : noon
}

beforeAll(async () => {
  t = await buildTestApp({}, new ManualClock(earlyToday()))
  const enqueueMany = t.app.queues.enqueueMany.bind(t.app.queues)
  vi.spyOn(t.app.queues, 'enqueueMany').mockImplementation(async (name, jobs) => {
    if (name === 'ingest') queued.push(...jobs.map((j) => j.data as AnalyticsEvent))
    return enqueueMany(name, jobs)
  })
})
beforeEach(() => {
  queued = []
})
afterAll(async () => t?.close())

const call = injectCall(() => t.app)

const likes = async (episodeId: string) =>
  (
    await t.app.db
      .selectFrom('episodes')
      .select('likes')
      .where('id', '=', episodeId)
      .executeTakeFirstOrThrow()
  ).likes
const single = (id: string, token?: string) => call('GET', `/get/Single/Podcast?PodcastId=${id}`, token)

it('likes once however often it is asked, live on the episode, with one like event per reader, title and day', async () => {
  const book = await title()
  const reader = await buildUser(t.app.db)
  const body = { userid: reader.id, podcastid: book.id, episodeId: book.episodeId }
  const [a, b] = await Promise.all([
    call('POST', '/add/like', reader.token, body),
    call('POST', '/add/like', reader.token, body),
  ])
  expect([a.status, b.status]).toEqual([200, 200])
  expect(a.body).toMatchObject({ success: true, message: 'Liked successfully' })
  expect(
    (await call('POST', '/add/like', reader.token, { userid: reader.id, podcastid: book.id })).status,
  ).toBe(200)
  expect(await likes(book.episodeId)).toBe(1)
  const rows = await t.app.db.selectFrom('likes').selectAll().where('user_id', '=', reader.id).execute()
  expect(rows).toHaveLength(1)

  // Three requests, one like: every queued event has the same deterministic id (reader, title, day).
  expect(queued).toHaveLength(3)
  const today = dailyReactionEventId('like', reader.id, book.id, t.clock.now())
  expect(new Set(queued.map((e) => e.id))).toEqual(new Set([today]))
  const likedAt = queued[0]!.ts
  expect(queued[0]).toMatchObject({
    type: 'like',
    podcastId: book.id,
    episodeId: book.episodeId,
    userId: reader.id,
    anonymousId: null,
  })

  const seen = await single(book.id, reader.token)
  expect(seen.body.data).toMatchObject({ likeFlag: true, favoritesFlag: false })
  expect(seen.body.data.episodes[0].likes).toBe(1)
  expect((await single(book.id)).body.data.likeFlag).toBe(false)

  queued = []
  const unlike = `/remove/like?userid=${reader.id}&podcastid=${book.id}&episodeId=${book.episodeId}`
  for (let i = 0; i < 2; i++) expect((await call('DELETE', unlike, reader.token)).status).toBe(200)
  expect(await likes(book.episodeId)).toBe(0)
  expect(queued.map((e) => [e.type, e.id])).toEqual([['unlike', reactionEventId('unlike', rows[0]!.id)]])
  expect((await single(book.id, reader.token)).body.data.likeFlag).toBe(false)

  // Liking again the same day is the same event, time included: the series counts the reader's like once.
  queued = []
  t.clock.advance(3 * 3_600_000)
  await call('POST', '/add/like', reader.token, body)
  expect(await likes(book.episodeId)).toBe(1)
  expect(queued.map((e) => [e.id, e.ts])).toEqual([[today, likedAt]])
  // The next day, after an unlike, a like is a new event.
  await call('DELETE', unlike, reader.token)
  t.clock.advance(24 * 3_600_000)
  queued = []
  await call('POST', '/add/like', reader.token, body)
  expect(queued.map((e) => e.id)).toEqual([dailyReactionEventId('like', reader.id, book.id, t.clock.now())])
  expect(queued[0]!.id).not.toBe(today)
})

it('favourites once, flags it, and lists favourites ten a page for the reader or an admin', async () => {
  const reader = await buildUser(t.app.db)
  const books = []
  for (let i = 0; i < 12; i++) {
    const book = await title()
    books.push(book)
    t.clock.advance(1000)
    for (let n = 0; n < 2; n++) {
      const res = await call('POST', '/add/favorite', reader.token, { userid: reader.id, podcastid: book.id })
      expect(res.body.message).toBe('Added to favorites successfully')
    }
  }
  expect(queued.filter((e) => e.type === 'favorite')).toHaveLength(24)
  expect(new Set(queued.map((e) => e.id)).size).toBe(12)
  await call('POST', '/add/like', reader.token, { userid: reader.id, podcastid: books[11]!.id })

  const page1 = await call('GET', `/get/user/favorite?userId=${reader.id}&page=1`, reader.token)
  expect(page1.status).toBe(200)
  expect(page1.body).toMatchObject({ total: 12, totalPages: 2 })
  expect(page1.body.data).toHaveLength(10)
  expect(page1.body.data[0]).toMatchObject({ _id: books[11]!.id, favoritesFlag: true, likeFlag: true })
  expect(page1.body.data[1]).toMatchObject({ _id: books[10]!.id, favoritesFlag: true, likeFlag: false })
  const page2 = await call('GET', `/get/user/favorite?userId=${reader.id}&page=2`, reader.token)
  expect(page2.body.data.map((p: { _id: string }) => p._id)).toEqual([books[1]!.id, books[0]!.id])

  const admin = await buildUser(t.app.db, { role: 'admin' })
  expect((await call('GET', `/get/user/favorite?userId=${reader.id}`, admin.token)).body.total).toBe(12)
  const other = await buildUser(t.app.db)
  expect((await call('GET', `/get/user/favorite?userId=${reader.id}`, other.token)).status).toBe(403)
  expect((await call('GET', `/get/user/favorite?userId=${reader.id}`)).status).toBe(401)

  expect((await single(books[0]!.id, reader.token)).body.data.favoritesFlag).toBe(true)
  const remove = `/remove/favorite?userid=${reader.id}&podcastid=${books[0]!.id}`
  expect((await call('DELETE', remove, reader.token)).body.message).toBe(
    'Removed from favorites successfully',
  )
  expect((await single(books[0]!.id, reader.token)).body.data.favoritesFlag).toBe(false)
  expect((await call('GET', `/get/user/favorite?userId=${reader.id}`, reader.token)).body.total).toBe(11)
})

it('refuses anonymous callers, forged ids, blocked readers, unknown titles and hostile bodies, writing nothing', async () => {
  const book = await title()
  const hidden = await title(0)
  const reader = await buildUser(t.app.db)
  const other = await buildUser(t.app.db)
  const blocked = await buildUser(t.app.db, { blocked: true })
  const ok = { userid: reader.id, podcastid: book.id }
  for (const kind of ['like', 'favorite']) {
    expect((await call('POST', `/add/${kind}`, undefined, ok)).status).toBe(401)
    expect((await call('DELETE', `/remove/${kind}?userid=${reader.id}&podcastid=${book.id}`)).status).toBe(
      401,
    )
    expect((await call('POST', `/add/${kind}`, reader.token, { ...ok, userid: other.id })).status).toBe(403)
    expect(
      (await call('DELETE', `/remove/${kind}?userid=${other.id}&podcastid=${book.id}`, reader.token)).status,
    ).toBe(403)
    const res = await call('POST', `/add/${kind}`, blocked.token, { userid: blocked.id, podcastid: book.id })
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('BLOCKED')
    expect((await call('POST', `/add/${kind}`, reader.token, { ...ok, podcastid: newId() })).status).toBe(404)
    expect((await call('POST', `/add/${kind}`, reader.token, { ...ok, podcastid: hidden.id })).status).toBe(
      404,
    )
    expect(
      (await call('POST', `/add/${kind}`, reader.token, { ...ok, episodeId: hidden.episodeId })).status,
    ).toBe(404)
    expect(
      (await call('DELETE', `/remove/${kind}?userid=${reader.id}&podcastid=${newId()}`, reader.token)).status,
    ).toBe(404)
    for (const hostile of [
      { ...ok, extra: 1 },
      { ...ok, userid: { $ne: null } },
      { ...ok, podcastid: `${book.id}' OR 1=1 --` },
      { ...ok, episodeId: 42 },
      { userid: reader.id },
      [ok],
      null,
    ])
      expect((await call('POST', `/add/${kind}`, reader.token, hostile)).status).toBe(400)
    expect((await call('POST', `/add/${kind}`, reader.token, 'userid=x')).status).toBe(415)
  }
  for (const table of ['likes', 'favorites'] as const) {
    const rows = await t.app.db
      .selectFrom(table)
      .selectAll()
      .where('user_id', 'in', [reader.id, other.id, blocked.id])
      .execute()
    expect(rows).toEqual([])
  }
  expect(await likes(book.episodeId)).toBe(0)
  expect(queued).toEqual([])
})

it('rate-limits the reaction writes per account', async () => {
  const reader = await buildUser(t.app.db)
  const book = await title()
  const body = { userid: reader.id, podcastid: book.id }
  const statuses: number[] = []
  for (let i = 0; i < 125; i++) {
    const add = i % 2 === 0
    const res = add
      ? await call('POST', '/add/like', reader.token, body)
      : await call('DELETE', `/remove/like?userid=${reader.id}&podcastid=${book.id}`, reader.token)
    statuses.push(res.status)
  }
  expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true)
  expect(statuses.slice(120).every((s) => s === 429)).toBe(true)
  // Another reader is not slowed by it.
  const other = await buildUser(t.app.db)
  expect(
    (await call('POST', '/add/like', other.token, { userid: other.id, podcastid: book.id })).status,
  ).toBe(200)
})

it("shows the caller's own flags on the author profile, the listings list, home and keyword search", async () => {
  const author = await buildUser(t.app.db, { role: 'author' })
  const liked = await buildListing(t.app.db, { create_by: author.id, language: null })
  const plain = await buildListing(t.app.db, { create_by: author.id, language: null })
  const reader = await buildUser(t.app.db)
  const other = await buildUser(t.app.db)
  await call('POST', '/add/like', reader.token, { userid: reader.id, podcastid: liked.id })
  await call('POST', '/add/favorite', reader.token, { userid: reader.id, podcastid: liked.id })
  const flags = (list: { _id: string; likeFlag: boolean; favoritesFlag: boolean }[]) =>
    Object.fromEntries(
      list
        .filter((p) => [liked.id, plain.id].includes(p._id))
        .map((p) => [p._id, [p.likeFlag, p.favoritesFlag]]),
    )
  const mine = { [liked.id]: [true, true], [plain.id]: [false, false] }
  const none = { [liked.id]: [false, false], [plain.id]: [false, false] }

  for (const url of [`/user/podcasts?createBy=${author.id}`, `/get/all/podcasts?createBy=${author.id}`]) {
    const data = (r: { body: { data: [] } }) => flags(r.body.data)
    expect(data(await call('GET', url, reader.token))).toEqual(mine)
    expect(data(await call('GET', url, other.token))).toEqual(none)
    expect(data(await call('GET', url))).toEqual(none)
  }
  const home = await call('GET', '/home/page?limit=50', reader.token)
  expect(flags(home.body.data.data)).toEqual(mine)

  const index = { search: async () => ({ ids: [plain.id, liked.id], total: 2 }) } as unknown as SurfaceIndex
  const deps = { db: t.app.db, queues: t.app.queues, clock: t.clock }
  const query = { term: 'x', page: 1, limit: 10 }
  const found = await searchByKeywords(deps, index, query, { userId: reader.id, anonymousId: undefined })
  expect(flags(found.data)).toEqual(mine)
  const anon = await searchByKeywords(deps, index, query, {
    userId: null,
    anonymousId: 'anon-0123456789abcdef',
  })
  expect(flags(anon.data)).toEqual(none)
})
