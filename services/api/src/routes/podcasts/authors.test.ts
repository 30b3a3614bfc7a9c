import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildUser } from '@bookstrut/accounts/testing'
import { buildListing } from '@bookstrut/core/testing'
import { buildTestApp, type TestApp } from '../../test/test-app.js'
import { client } from '../../test/api-client.js'

// GET /author/books: the page of an author as books name them. Imported books belong to the account that imported
// them (the publisher); the author's page lists the author's books under the author's name, and that account
// stays the one listing them.

let t: TestApp
let publisher: Awaited<ReturnType<typeof buildUser>>
let selfPublished: Awaited<ReturnType<typeof buildUser>>
const page = (name: string) => `/author/books?name=${encodeURIComponent(name)}`

beforeAll(async () => {
  t = await buildTestApp()
  const db = t.app.db
  publisher = await buildUser(t.app.db, { role: 'publisher' })
  selfPublished = await buildUser(t.app.db, { role: 'author' })
  const older = new Date(Date.UTC(2026, 0, 1))
  const newer = new Date(Date.UTC(2026, 5, 1))
  await buildListing(db, {
    create_by: publisher.id,
    source_id: 'gr-1',
    title: 'The Kite Runner',
    author: 'Khaled Hosseini',
    created_at: older,
  })
  await buildListing(db, {
    create_by: publisher.id,
    source_id: 'gr-2',
    title: 'A Thousand Splendid Suns',
    author: 'Khaled Hosseini',
    created_at: newer,
  })
  await buildListing(db, {
    create_by: selfPublished.id,
    title: 'And the Mountains Echoed',
    author: 'Khaled Hosseini',
  })
  // Not shown: another author's book, a pending one and a deactivated one by the same author.
  await buildListing(db, { create_by: publisher.id, title: 'Rebecca', author: 'Daphne du Maurier' })
  await buildListing(db, { create_by: publisher.id, title: 'Draft', author: 'Khaled Hosseini', status: 0 })
  await buildListing(db, {
    create_by: publisher.id,
    title: 'Gone',
    author: 'Khaled Hosseini',
    is_active: false,
  })
  await buildListing(db, { create_by: publisher.id, title: 'Unseen', author: 'Pending Only', status: 0 })
  await buildListing(db, { create_by: publisher.id, title: '100% Wild', author: '100% Wild Press' })
})
afterAll(async () => t?.close())

describe('GET /author/books', () => {
  it("lists the author's approved books under the author's name, and the accounts that list them", async () => {
    const res = await client(t.app).get(page('Khaled Hosseini'))
    expect(res.status).toBe(200)
    expect(res.body.success).toBe(true)
    expect(res.body.data.author).toBe('Khaled Hosseini')
    expect(res.body.data.podcastCount).toBe(3)
    expect(res.body.data.data.map((b: { title: string }) => b.title).sort()).toEqual([
      'A Thousand Splendid Suns',
      'And the Mountains Echoed',
      'The Kite Runner',
    ])
    // The importing account is the publisher, with its own name, not the author's.
    expect(res.body.data.listedBy).toEqual([
      { _id: publisher.id, name: expect.stringMatching(/^Test User/), podcastCount: 2 },
      { _id: selfPublished.id, name: expect.stringMatching(/^Test User/), podcastCount: 1 },
    ])
    expect(res.body.data.data[0].createBy).toBeDefined()
  })

  it('matches the whole name ignoring case and repeated spaces', async () => {
    const res = await client(t.app).get(page('  khaled   HOSSEINI '))
    expect(res.status).toBe(200)
    expect(res.body.data.author).toBe('Khaled Hosseini')
    expect(res.body.data.podcastCount).toBe(3)
    // A part of a name is not the author.
    expect((await client(t.app).get(page('Hosseini'))).status).toBe(404)
  })

  it('answers 404 NOT_FOUND for an author with no approved book', async () => {
    for (const name of ['Nobody Wrote This', 'Pending Only']) {
      const res = await client(t.app).get(page(name))
      expect(res.status).toBe(404)
      expect(res.body).toMatchObject({
        success: false,
        code: 'NOT_FOUND',
        message: 'Author not found',
        data: null,
      })
    }
  })

  it("adds the caller's like flags when userId is the caller, and refuses a forged userId with 403", async () => {
    const reader = await buildUser(t.app.db)
    const api = client(t.app)
    const own = await api.get(`${page('Khaled Hosseini')}&userId=${reader.id}`, { token: reader.token })
    expect(own.status).toBe(200)
    expect(own.body.data.data.every((b: { likeFlag: boolean }) => b.likeFlag === false)).toBe(true)
    const forged = await api.get(`${page('Khaled Hosseini')}&userId=${publisher.id}`, { token: reader.token })
    expect(forged.status).toBe(403)
    expect(forged.body.success).toBe(false)
    const anonymous = await api.get(`${page('Khaled Hosseini')}&userId=${reader.id}`)
    expect(anonymous.status).toBe(403)
  })

  it('treats hostile names as plain text: no wildcard, no SQL, control characters and odd sizes refused', async () => {
    const api = client(t.app)
    // LIKE wildcards and SQL are only characters of a name nobody has.
    for (const name of ['%', '_%', "' or '1'='1", 'Khaled Hosseini%', '%Hosseini']) {
      expect((await api.get(page(name))).status, name).toBe(404)
    }
    // A % that is part of the name is matched as written.
    expect((await api.get(page('100% wild press'))).body.data.podcastCount).toBe(1)
    for (const url of [
      '/author/books',
      '/author/books?name=',
      `/author/books?name=${encodeURIComponent('   ')}`,
      `/author/books?name=${encodeURIComponent('Khaled\u0007Hosseini')}`,
      `/author/books?name=${encodeURIComponent('Khaled\nHosseini')}`,
      `/author/books?name=${'a'.repeat(201)}`,
      `${page('Khaled Hosseini')}&userId=not-an-id`,
    ]) {
      const res = await api.get(url)
      expect(res.status, url).toBe(400)
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION' })
    }
    // The longest name allowed is looked up (and not found).
    expect((await api.get(`/author/books?name=${'a'.repeat(200)}`)).status).toBe(404)
    // Nothing was changed by any of it.
    expect((await api.get(page('Khaled Hosseini'))).body.data.podcastCount).toBe(3)
  })

  it('answers 429 with Retry-After once one address passes 60 a minute, counting refused lookups too', async () => {
    const flooded = client(t.app)
    const statuses: number[] = []
    for (let i = 0; i < 60; i++) statuses.push((await flooded.get(page(i % 2 ? 'Nobody' : '%'))).status)
    expect(statuses.every((s) => s === 404)).toBe(true)
    const refused = await flooded.get(page('Khaled Hosseini'))
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ success: false, code: 'RATE_LIMITED' })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    // Refused before validation: a bad query is refused the same way once the bucket is empty.
    expect((await flooded.get('/author/books?name=')).status).toBe(429)
    // Another address has its own bucket; a signed-in reader at the flooded address has the account's.
    expect((await client(t.app).get(page('Khaled Hosseini'))).status).toBe(200)
    const reader = await buildUser(t.app.db)
    expect((await flooded.get(page('Khaled Hosseini'), { token: reader.token })).status).toBe(200)
  })
})
