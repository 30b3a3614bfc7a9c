import { afterAll, beforeAll, expect, it } from 'vitest'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import { buildUser } from '@bookstrut/accounts/testing'
import { type ListingStatus } from '@bookstrut/core'
import { buildListing, testRedisUrl } from '@bookstrut/core/testing'
import { libraryDb, shelfEventId } from '@bookstrut/library'
import { buildTestApp, type TestApp } from '../../test/test-app.js'
import { injectCall } from '../../test/inject-call.js'

let t: TestApp
let redis: Redis
let ingest: Queue

beforeAll(async () => {
  t = await buildTestApp()
  // The ingest queue itself (BullMQ, the app's prefix): events are read there by their ids.
  redis = new Redis(testRedisUrl, { maxRetriesPerRequest: null })
  ingest = new Queue('ingest', { connection: redis, prefix: t.config.redis.prefix })
})
afterAll(async () => {
  await ingest?.close()
  redis?.disconnect()
  await t?.close()
})

const call = injectCall(() => t.app)
const book = async (fields: { status?: ListingStatus; is_active?: boolean } = {}) =>
  (await buildListing(t.app.db, { language: null, ...fields })).id
const entries = (userId: string) =>
  libraryDb(t.app.db).selectFrom('shelf_entries').selectAll().where('user_id', '=', userId).execute()
const shelve = (token: string, body: Record<string, unknown>) => call('PUT', '/library/shelf', token, body)

it('shelves a book on one shelf at a time, with the dates the reader sets, and lists each shelf', async () => {
  const reader = await buildUser(t.app.db)
  const [a, b] = [await book(), await book()]

  const wanted = await shelve(reader.token, { userId: reader.id, bookId: a, shelf: 'want_to_read' })
  expect(wanted.status).toBe(200)
  expect(wanted.body.data).toMatchObject({
    bookId: a,
    shelf: 'want_to_read',
    startedOn: null,
    finishedOn: null,
  })
  const reading = await shelve(reader.token, {
    userId: reader.id,
    bookId: b,
    shelf: 'reading',
    startedOn: '2026-11-01',
  })
  expect(reading.body.data).toMatchObject({ shelf: 'reading', startedOn: '2026-11-01', finishedOn: null })

  // Moving a book is one entry on its new shelf, never two.
  const read = await shelve(reader.token, {
    userId: reader.id,
    bookId: a,
    shelf: 'read',
    startedOn: '2026-10-02',
    finishedOn: '2026-10-20',
  })
  expect(read.body.data).toMatchObject({ shelf: 'read', startedOn: '2026-10-02', finishedOn: '2026-10-20' })
  expect((await entries(reader.id)).map((e) => [e.book_id, e.shelf]).sort()).toEqual(
    [
      [a, 'read'],
      [b, 'reading'],
    ].sort(),
  )

  const readShelf = await call('GET', `/library/shelves/read?userId=${reader.id}`, reader.token)
  expect(readShelf.status).toBe(200)
  expect(readShelf.body).toMatchObject({ success: true, total: 1, currentPage: 1, totalPages: 1 })
  expect(readShelf.body.data[0].book._id).toBe(a)
  expect(readShelf.body.data[0].place).toMatchObject({ shelf: 'read', finishedOn: '2026-10-20' })
  const counts = await call('GET', `/library/shelves?userId=${reader.id}`, reader.token)
  expect(counts.body.data).toEqual({ want_to_read: 0, reading: 1, read: 1 })
  const place = await call('GET', `/library/shelf?userId=${reader.id}&bookId=${b}`, reader.token)
  expect(place.body.data).toMatchObject({ bookId: b, shelf: 'reading' })

  // Off the shelves; twice is once.
  for (let i = 0; i < 2; i++)
    expect(
      (await call('DELETE', `/library/shelf?userId=${reader.id}&bookId=${b}`, reader.token)).status,
    ).toBe(200)
  expect(
    (await call('GET', `/library/shelf?userId=${reader.id}&bookId=${b}`, reader.token)).body.data,
  ).toBeNull()
})

it('pages a shelf latest first, ten a page, as the infinite scroll asks for it', async () => {
  const reader = await buildUser(t.app.db)
  const ids: string[] = []
  for (let i = 0; i < 12; i++) {
    const id = await book()
    ids.push(id)
    t.clock.advance(1000)
    expect(
      (await shelve(reader.token, { userId: reader.id, bookId: id, shelf: 'want_to_read' })).status,
    ).toBe(200)
  }
  const first = await call('GET', `/library/shelves/want_to_read?userId=${reader.id}`, reader.token)
  const second = await call('GET', `/library/shelves/want_to_read?userId=${reader.id}&page=2`, reader.token)
  expect(first.body).toMatchObject({ total: 12, totalPages: 2, pageSize: 10 })
  const seen = [...first.body.data, ...second.body.data].map((r: any) => r.book._id)
  expect(seen).toEqual([...ids].reverse())
})

it('queues one shelving event per reader, book and shelf, however often it is shelved', async () => {
  const [reader, other] = [await buildUser(t.app.db), await buildUser(t.app.db)]
  const id = await book()
  for (const shelf of ['want_to_read', 'read', 'want_to_read', 'want_to_read'])
    expect((await shelve(reader.token, { userId: reader.id, bookId: id, shelf })).status).toBe(200)
  await shelve(other.token, { userId: other.id, bookId: id, shelf: 'want_to_read' })

  const wantId = shelfEventId('want_to_read', reader.id, id)
  const job = await ingest.getJob(wantId)
  expect(job?.data).toMatchObject({ type: 'shelved_want_to_read', podcastId: id, userId: reader.id })
  expect((await ingest.getJob(shelfEventId('read', reader.id, id)))?.data.type).toBe('shelved_read')
  // Another reader is another event; the same reader's three "want to read" are one id.
  expect(shelfEventId('want_to_read', other.id, id)).not.toBe(wantId)
  expect((await ingest.getJob(shelfEventId('want_to_read', other.id, id)))?.data.userId).toBe(other.id)
  const ids = (await ingest.getJobs(['waiting', 'active', 'completed', 'delayed']))
    .filter((j) => j.data?.podcastId === id)
    .map((j) => j.id)
  expect(ids.sort()).toEqual(
    [wantId, shelfEventId('read', reader.id, id), shelfEventId('want_to_read', other.id, id)].sort(),
  )
})

it("answers 403 to a reader reading or writing another reader's shelves, an admin included, and changes nothing", async () => {
  const [owner, stranger] = [await buildUser(t.app.db), await buildUser(t.app.db)]
  const admin = await buildUser(t.app.db, { role: 'admin' })
  const id = await book()
  await shelve(owner.token, { userId: owner.id, bookId: id, shelf: 'reading' })
  const before = await entries(owner.id)

  for (const caller of [stranger, admin]) {
    const attempts = [
      await call('GET', `/library/shelves/reading?userId=${owner.id}`, caller.token),
      await call('GET', `/library/shelves?userId=${owner.id}`, caller.token),
      await call('GET', `/library/shelf?userId=${owner.id}&bookId=${id}`, caller.token),
      await shelve(caller.token, { userId: owner.id, bookId: id, shelf: 'read' }),
      await call('DELETE', `/library/shelf?userId=${owner.id}&bookId=${id}`, caller.token),
      await call('GET', `/library/imports?userId=${owner.id}`, caller.token),
    ]
    expect(attempts.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403])
    expect(attempts[0]!.body).toMatchObject({ success: false, code: 'FORBIDDEN' })
  }
  expect((await call('GET', `/library/shelves/reading?userId=${owner.id}`)).status).toBe(401)
  expect(await entries(owner.id)).toEqual(before)
})

it('refuses hostile bodies with a 400 naming the field, and stores nothing', async () => {
  const reader = await buildUser(t.app.db)
  const id = await book()
  const base = { userId: reader.id, bookId: id }
  const hostile: [Record<string, unknown>, RegExp][] = [
    [{ ...base, shelf: 'favourites' }, /shelf/],
    [{ ...base, shelf: 'read', extra: 'x' }, /extra|additional/i],
    [{ ...base, shelf: 'read', userId: 'not-an-id' }, /userId/],
    [{ ...base, shelf: 'read', bookId: "1' or '1'='1" }, /bookId/],
    [{ ...base, shelf: 'read', finishedOn: '2026-02-30' }, /finishedOn/],
    [{ ...base, shelf: 'read', finishedOn: '20260201' }, /finishedOn/],
    [{ ...base, shelf: 'read', startedOn: '2026-03-02', finishedOn: '2026-03-01' }, /finished before/],
    [{ ...base, shelf: 'read', finishedOn: '2031-01-01' }, /future/],
    [{ ...base, shelf: 'want_to_read', startedOn: '2026-03-02' }, /no dates/],
    [{ ...base, shelf: 'reading', finishedOn: '2026-03-02' }, /no finish date/],
  ]
  for (const [body, message] of hostile) {
    const r = await shelve(reader.token, body)
    expect(r.status, JSON.stringify(body)).toBe(400)
    expect(r.body.message).toMatch(message)
  }
  expect(await entries(reader.id)).toEqual([])
})

it('does not shelve a book the public cannot see: pending, rejected, hidden or unknown', async () => {
  const reader = await buildUser(t.app.db)
  const unseen = [
    await book({ status: 0 }),
    await book({ status: 2 }),
    await book({ is_active: false }),
    'ffffffffffffffffffffffff',
  ]
  for (const bookId of unseen) {
    const r = await shelve(reader.token, { userId: reader.id, bookId, shelf: 'want_to_read' })
    expect(r.status).toBe(404)
    expect(r.body).toMatchObject({ success: false, code: 'NOT_FOUND' })
  }
  expect(await entries(reader.id)).toEqual([])
})

it('rate-limits shelf writes per account (120 a minute, then 429), and a refused write stores nothing', async () => {
  const reader = await buildUser(t.app.db)
  const other = await buildUser(t.app.db)
  const id = await book()
  for (let i = 0; i < 120; i++)
    expect(
      (await call('DELETE', `/library/shelf?userId=${reader.id}&bookId=${id}`, reader.token)).status,
    ).toBe(200)
  const refused = await shelve(reader.token, { userId: reader.id, bookId: id, shelf: 'read' })
  expect(refused.status).toBe(429)
  expect(refused.body.code).toBe('RATE_LIMITED')
  expect(await entries(reader.id)).toEqual([])
  // Another reader's budget is their own.
  expect((await shelve(other.token, { userId: other.id, bookId: id, shelf: 'read' })).status).toBe(200)
})

it('lets a blocked reader read their shelves but not change them', async () => {
  const reader = await buildUser(t.app.db, { blocked: true })
  const id = await book()
  const r = await shelve(reader.token, { userId: reader.id, bookId: id, shelf: 'read' })
  expect(r.status).toBe(403)
  expect(r.body.code).toBe('BLOCKED')
  expect((await call('GET', `/library/shelves/read?userId=${reader.id}`, reader.token)).status).toBe(200)
})
