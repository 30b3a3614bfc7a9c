import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildUser } from '@bookstrut/accounts/testing'
import { newId, type ListingStatus } from '@bookstrut/core'
import { buildListing } from '@bookstrut/core/testing'
import { buildTestApp, type TestApp } from '../../test/test-app.js'
import { injectCall } from '../../test/inject-call.js'

let t: TestApp
let approved: string
let pending: string

async function listing(status: ListingStatus) {
  const owner = await buildUser(t.app.db, { role: 'author' })
  const { id } = await buildListing(t.app.db, { create_by: owner.id, status, language: null })
  return id
}

beforeAll(async () => {
  t = await buildTestApp()
  approved = await listing(1)
  pending = await listing(0)
})
afterAll(async () => t?.close())

const call = injectCall(() => t.app)

it('ghosts a title once however often it is asked, lists it, counts it, and removes it', async () => {
  const reader = await buildUser(t.app.db)
  const other = await buildUser(t.app.db)
  for (let i = 0; i < 2; i++) {
    const res = await call('POST', '/create/ghostmode', reader.token, {
      userId: reader.id,
      podcastId: approved,
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Ghost mode activated successfully.')
  }
  await call('POST', '/create/ghostmode', other.token, { userId: other.id, podcastId: approved })

  const list = await call('GET', `/ghostmodepodcast?userId=${reader.id}`, reader.token)
  expect(list.body).toMatchObject({ total: 1, data: [{ _id: approved }] })
  expect(list.body.data[0].episodes).toEqual([])
  const single = await call('GET', `/get/Single/Podcast?PodcastId=${approved}`)
  expect(single.body.data).toMatchObject({ _id: approved })

  const removed = await call(
    'DELETE',
    `/remove/ghostmode?userId=${reader.id}&podcastId=${approved}`,
    reader.token,
  )
  expect(removed.body.message).toBe('Ghost removed successfully.')
  expect(
    (await call('DELETE', `/remove/ghostmode?userId=${reader.id}&podcastId=${approved}`, reader.token))
      .status,
  ).toBe(404)
  expect((await call('GET', `/ghostmodepodcast?userId=${reader.id}`, reader.token)).body.total).toBe(0)
})

it('counts ghosts per title on the listing', async () => {
  const id = await listing(1)
  for (let i = 0; i < 3; i++) {
    const reader = await buildUser(t.app.db)
    await call('POST', '/create/ghostmode', reader.token, { userId: reader.id, podcastId: id })
  }
  const owner = (
    await t.app.db.selectFrom('podcasts').select('create_by').where('id', '=', id).executeTakeFirstOrThrow()
  ).create_by
  await t.app.db
    .insertInto('episodes')
    .values({ id: newId(), podcast_id: id, created_at: new Date() })
    .execute()
  const res = await call('GET', `/get/all/podcasts?createBy=${owner}`)
  expect(res.body.data[0].episodes[0].ghostCount).toBe(3)
})

it('refuses anonymous callers, forged ids, blocked readers and titles that are not public', async () => {
  const reader = await buildUser(t.app.db)
  const other = await buildUser(t.app.db)
  expect(
    (await call('POST', '/create/ghostmode', undefined, { userId: reader.id, podcastId: approved })).status,
  ).toBe(401)
  expect(
    (await call('POST', '/create/ghostmode', reader.token, { userId: other.id, podcastId: approved })).status,
  ).toBe(403)
  expect((await call('GET', `/ghostmodepodcast?userId=${other.id}`, reader.token)).status).toBe(403)
  expect(
    (await call('POST', '/create/ghostmode', reader.token, { userId: reader.id, podcastId: pending })).status,
  ).toBe(404)
  const blocked = await buildUser(t.app.db, { blocked: true })
  const res = await call('POST', '/create/ghostmode', blocked.token, {
    userId: blocked.id,
    podcastId: approved,
  })
  expect(res.body.code).toBe('BLOCKED')
  const rows = await t.app.db
    .selectFrom('ghosts')
    .selectAll()
    .where('user_id', 'in', [reader.id, other.id, blocked.id])
    .execute()
  expect(rows).toEqual([])
})

it('lists the report types and records a report once', async () => {
  const types = await call('GET', '/get/all/reporttype?isActive=true')
  expect(types.body.data.length).toBeGreaterThanOrEqual(5)
  const type = types.body.data[0]
  expect(type).toMatchObject({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), isActive: true })

  const reader = await buildUser(t.app.db)
  const body = { userId: reader.id, reportTypeId: type._id, podcastId: approved }
  for (let i = 0; i < 2; i++) {
    const res = await call('POST', '/create/reportpodcast', reader.token, body)
    expect(res.body.message).toBe('Report sent successfully')
  }
  const stored = await t.app.db.selectFrom('reports').selectAll().where('user_id', '=', reader.id).execute()
  expect(stored).toHaveLength(1)

  const noType = await call('POST', '/create/reportpodcast', reader.token, {
    userId: reader.id,
    podcastId: approved,
  })
  expect(noType.status).toBe(400)
  expect(noType.body.message).toBe('Please select a bug report type')
  expect(
    (
      await call('POST', '/create/reportpodcast', reader.token, {
        ...body,
        reportTypeId: 'ffffffffffffffffffffffff',
      })
    ).status,
  ).toBe(404)
})
