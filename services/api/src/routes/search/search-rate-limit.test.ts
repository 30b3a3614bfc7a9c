import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/test-app.js'
import { buildUser } from '@bookstrut/accounts/testing'
import { buildListing } from '@bookstrut/core/testing'
import { client, nextIp } from '../../test/api-client.js'

// A flood of searches from one client must end in 429 with Retry-After after the configured number, without
// touching anyone else: other addresses and signed-in accounts have buckets of their own, and the numbers come
// from SEARCH_RATE_LIMIT_ANON / SEARCH_RATE_LIMIT_USER.

const ANON = 3
const USER = 5
const surface = '/search/podcast/surface?query=lighthouse'
const ideas = '/search/podcast?firstField=a%20lighthouse&secondField=a%20storm&thirdField=a%20keeper'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ SEARCH_RATE_LIMIT_ANON: String(ANON), SEARCH_RATE_LIMIT_USER: String(USER) })
  await buildListing(t.app.db, { title: 'The Lighthouse Keeper', description: 'A keeper tends the lamp.' })
})
afterAll(async () => t?.close())

/** `count` keyword searches from one client; their statuses. */
async function flood(api: ReturnType<typeof client>, count: number, token?: string) {
  const statuses: number[] = []
  for (let i = 0; i < count; i++) statuses.push((await api.get(surface, { token })).status)
  return statuses
}

describe('search rate limits', () => {
  it('answers 429 with Retry-After and the error envelope once an anonymous client passes its limit', async () => {
    const api = client(t.app)
    expect(await flood(api, ANON)).toEqual(Array.from({ length: ANON }, () => 200))
    const refused = await api.get(surface)
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      data: { retryAfter: expect.any(Number) },
    })
    expect(refused.body.message).toMatch(/try again in \d+ seconds/)
    const retryAfter = Number(refused.headers['retry-after'])
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    // Idea search shares the bucket, and is refused before any idea is embedded.
    expect((await api.get(ideas)).status).toBe(429)
  })

  it('counts idea searches too, and refuses before validating them', async () => {
    const api = client(t.app)
    for (let i = 0; i < ANON; i++) await api.get('/search/podcast?firstField=only%20one')
    expect((await api.get(surface)).status).toBe(429)
  })

  it('leaves another address unaffected', async () => {
    const flooded = client(t.app)
    await flood(flooded, ANON + 2)
    expect((await flooded.get(surface)).status).toBe(429)
    expect((await client(t.app).get(surface)).status).toBe(200)
  })

  it('gives a signed-in reader a bucket of their own, with the higher limit', async () => {
    const ip = nextIp()
    const anonymous = client(t.app, ip)
    await flood(anonymous, ANON + 1)
    expect((await anonymous.get(surface)).status).toBe(429)
    // Same address, signed in: the account's bucket, not the address's.
    const reader = await buildUser(t.app.db)
    expect(await flood(anonymous, USER, reader.token)).toEqual(Array.from({ length: USER }, () => 200))
    expect((await anonymous.get(surface, { token: reader.token })).status).toBe(429)
    // The account's bucket follows it to another address, and another account is unaffected.
    expect((await client(t.app).get(surface, { token: reader.token })).status).toBe(429)
    const other = await buildUser(t.app.db)
    expect((await anonymous.get(surface, { token: other.token })).status).toBe(200)
  })
})

describe('search rate limits from configuration', () => {
  let raised: TestApp
  beforeAll(async () => {
    raised = await buildTestApp({ SEARCH_RATE_LIMIT_ANON: '12' })
  })
  afterAll(async () => raised?.close())

  it('lets an anonymous client make SEARCH_RATE_LIMIT_ANON searches a minute', async () => {
    const api = client(raised.app)
    expect(await flood(api, 12)).toEqual(Array.from({ length: 12 }, () => 200))
    expect((await api.get(surface)).status).toBe(429)
  })
})
