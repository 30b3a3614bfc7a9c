import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildUser } from '@bookstrut/accounts/testing'
import { buildListing } from '@bookstrut/core/testing'
import type { ReadingStats } from '@bookstrut/schemas'
import { buildTestApp, type TestApp } from '../../test/test-app.js'
import { injectCall } from '../../test/inject-call.js'

// GET /library/stats (My Dashboard's reading stats) against the real app: books shelved as Read through the API,
// searches saved through it, and the figures the reader gets back; then who may read them and what a flood gets.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => t?.close())

const call = injectCall(() => t.app)
const book = async (category_name: string, fields: { status?: 0 | 1 } = {}) =>
  (await buildListing(t.app.db, { category_name, ...fields })).id
const stats = (userId: string, token?: string) => call('GET', `/library/stats?userId=${userId}`, token)

/** The twelve months up to the test clock's (UTC), oldest first, as 'YYYY-MM'. */
function lastMonths(): string[] {
  const now = t.clock.now()
  return Array.from({ length: 12 }, (_, i) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1)).toISOString().slice(0, 7),
  )
}
/** The first day of the month `back` months before the test clock's, as 'YYYY-MM-DD'. */
const monthStart = (back: number) => `${lastMonths()[11 - back]!}-01`

it("answers the reader's books read per month and year, their genres and the ideas they save most", async () => {
  const reader = await buildUser(t.app.db)
  const read = async (bookId: string, finishedOn?: string) =>
    expect(
      (
        await call('PUT', '/library/shelf', reader.token, {
          userId: reader.id,
          bookId,
          shelf: 'read',
          finishedOn,
        })
      ).status,
    ).toBe(200)
  const [fantasy1, fantasy2, gothic, undated, wanted] = [
    await book('Fantasy'),
    await book(' Fantasy '),
    await book('Gothic'),
    await book('Horror'),
    await book('Poetry'),
  ]
  await read(fantasy1, monthStart(0))
  await read(fantasy2, monthStart(0))
  await read(gothic, monthStart(2))
  await read(undated)
  // Want to read is not read: in no figure.
  await call('PUT', '/library/shelf', reader.token, {
    userId: reader.id,
    bookId: wanted,
    shelf: 'want_to_read',
  })
  for (const ideas of [
    ['A boy wizard', 'a school of magic', 'a dark lord'],
    ['a  BOY wizard', 'dragons', 'a dark lord'],
    ['a boy wizard', 'a quest', 'a ring'],
  ])
    expect(
      (
        await call('POST', '/create/search/history', reader.token, {
          userId: reader.id,
          fistKeyWord: ideas[0],
          secondKeyWord: ideas[1],
          thirdKeyWord: ideas[2],
        })
      ).status,
    ).toBe(200)

  const res = await stats(reader.id, reader.token)
  expect(res.status).toBe(200)
  const data = res.body.data as ReadingStats
  const months = lastMonths()
  expect(data.readByMonth.map((m) => m.month)).toEqual(months)
  expect(data.readByMonth.map((m) => m.books)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 2])
  const years = new Map<number, number>()
  for (const back of [0, 0, 2]) {
    const year = Number(monthStart(back).slice(0, 4))
    years.set(year, (years.get(year) ?? 0) + 1)
  }
  expect(data.readByYear).toEqual(
    [...years].sort(([a], [b]) => a - b).map(([year, books]) => ({ year, books })),
  )
  expect(data.readUndated).toBe(1)
  expect(data.genres).toEqual([
    { genre: 'Fantasy', books: 2 },
    { genre: 'Gothic', books: 1 },
    { genre: 'Horror', books: 1 },
  ])
  expect(data.ideas.slice(0, 2)).toEqual([
    { idea: 'A boy wizard', searches: 3 },
    { idea: 'a dark lord', searches: 2 },
  ])
  expect(data.ideas).toHaveLength(6)
})

it('answers zeros and empty lists to a new reader, and leaves out a book the public can no longer see', async () => {
  const reader = await buildUser(t.app.db)
  const empty = (await stats(reader.id, reader.token)).body.data as ReadingStats
  expect(empty.readByMonth.every((m) => m.books === 0)).toBe(true)
  expect(empty).toMatchObject({ readByYear: [], readUndated: 0, genres: [], ideas: [] })

  const bookId = await book('Fantasy')
  await call('PUT', '/library/shelf', reader.token, { userId: reader.id, bookId, shelf: 'read' })
  expect(((await stats(reader.id, reader.token)).body.data as ReadingStats).readUndated).toBe(1)
  await t.app.db.updateTable('podcasts').set({ is_active: false }).where('id', '=', bookId).execute()
  expect(((await stats(reader.id, reader.token)).body.data as ReadingStats).readUndated).toBe(0)
})

it("answers 403 to another reader's or an admin's id, 401 signed out, 400 to a malformed id", async () => {
  const [owner, other, admin] = [
    await buildUser(t.app.db),
    await buildUser(t.app.db),
    await buildUser(t.app.db, { role: 'admin' }),
  ]
  expect((await stats(owner.id, other.token)).status).toBe(403)
  expect((await stats(owner.id, admin.token)).status).toBe(403)
  expect((await stats(owner.id)).status).toBe(401)
  for (const bad of ['', 'not-an-id', "1' or '1'='1", '%00'])
    expect((await call('GET', `/library/stats?userId=${bad}`, owner.token)).status).toBe(400)
})

it('shares the library reads limit (600 a minute per account, then 429)', async () => {
  const reader = await buildUser(t.app.db)
  for (let i = 0; i < 600; i++) await t.app.limits.consume('shelfReadsPerAccount', reader.id)
  const refused = await stats(reader.id, reader.token)
  expect(refused.status).toBe(429)
})
