import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildUser } from '@bookstrut/accounts/testing'
import { addMonthsUtc } from '@bookstrut/billing/testing'
import { buildListing } from '@bookstrut/core/testing'
import { buildTestApp, type TestApp } from '../../test/test-app.js'
import { client } from '../../test/api-client.js'
import { grantMembership, PLANS } from '../../test/memberships.js'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => t?.close())

const api = () => client(t.app)
type User = { id: string; token: string }

/** A held membership written straight to the database (paying is tested in routes/payments). */
async function holds(
  user: User,
  planId: string,
  price: string,
  bookLimit: number,
  bought: Date,
  expiry: Date | null,
) {
  await grantMembership(t.app.db, user.id, { planId, price, bookLimit, bought, expiry })
}

describe('GET /get/all/memberships', () => {
  it("lists the spec's five plans in order, to anybody", async () => {
    const res = await api().get('/get/all/memberships?status=true')
    expect(res.status).toBe(200)
    expect(
      res.body.data.map((p: { planName: string; price: number; bookLimit: number; duration: number }) => [
        p.planName,
        p.price,
        p.bookLimit,
        p.duration,
      ]),
    ).toEqual([
      ['Starter Strut', 0, 1, -1],
      ['Essential Strut', 5.99, 2, 12],
      ['Basic Strut', 9.99, 5, 12],
      ['Pro Strut', 15.99, 10, 12],
      ['Elite Strut', 24.99, -1, 12],
    ])
  })

  it('shows withdrawn plans to admins only', async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    expect((await api().get('/get/all/memberships?status=false')).status).toBe(403)
    const res = await api().get('/get/all/memberships?status=false', { token: admin.token })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual([])
  })
})

describe('PUT /admin/membership/plan', () => {
  it('lets an admin change price, status and limit; a withdrawn plan leaves the catalogue and cannot be bought', async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const res = await api().put(
      '/admin/membership/plan',
      { planId: PLANS.essential, price: 6.49, bookLimit: 3 },
      { token: admin.token },
    )
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ price: 6.49, bookLimit: 3, status: true })

    await api().put(
      '/admin/membership/plan',
      { planId: PLANS.essential, status: false },
      { token: admin.token },
    )
    const listed = await api().get('/get/all/memberships')
    expect(listed.body.data.map((p: { _id: string }) => p._id)).not.toContain(PLANS.essential)
    const author = await buildUser(t.app.db, { role: 'author' })
    expect(
      (await api().get(`/get/membership/quote?planId=${PLANS.essential}`, { token: author.token })).status,
    ).toBe(409)

    await api().put(
      '/admin/membership/plan',
      { planId: PLANS.essential, price: 5.99, bookLimit: 2, status: true },
      { token: admin.token },
    )
  })

  it('refuses readers, authors and anonymous callers, and bad values, changing nothing', async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const author = await buildUser(t.app.db, { role: 'author' })
    expect((await api().put('/admin/membership/plan', { planId: PLANS.pro, price: 1 })).status).toBe(401)
    expect(
      (await api().put('/admin/membership/plan', { planId: PLANS.pro, price: 1 }, { token: author.token }))
        .status,
    ).toBe(403)
    const bad: Array<[unknown, string]> = [
      [{ planId: PLANS.pro, price: 6.499 }, 'price: must have at most two decimals'],
      [{ planId: PLANS.pro, price: 0 }, 'price: a paid plan costs at least 1.00 a month'],
      [{ planId: PLANS.starter, price: 3 }, 'price: the free plan stays free (0)'],
      [{ planId: PLANS.starter, status: false }, 'status: the free plan cannot be withdrawn'],
      [{ planId: PLANS.pro, bookLimit: 0 }, 'bookLimit: -1 (unlimited) or at least 1'],
      [{ planId: PLANS.pro, price: '9.99' }, 'price: must be number'],
      [{ planId: PLANS.pro, planName: 'Free Pro' }, 'planName: is not a field of this request; remove it'],
      [{ planId: PLANS.pro }, 'body: must NOT have fewer than 2 properties'],
    ]
    for (const [body, message] of bad) {
      const res = await api().put('/admin/membership/plan', body, { token: admin.token })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(message)
    }
    expect(
      (
        await api().put(
          '/admin/membership/plan',
          { planId: 'f'.repeat(24), price: 2 },
          { token: admin.token },
        )
      ).status,
    ).toBe(404)
    const pro = (await api().get('/get/all/memberships')).body.data.find(
      (p: { _id: string }) => p._id === PLANS.pro,
    )
    expect(pro).toMatchObject({ planName: 'Pro Strut', price: 15.99, bookLimit: 10, status: true })
  })
})

describe('GET /get/all/membershipsByUser', () => {
  it('answers the owner and admins, and 403 for a forged userId', async () => {
    const owner = await buildUser(t.app.db, { role: 'author' })
    const other = await buildUser(t.app.db, { role: 'author' })
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const url = `/get/all/membershipsByUser?userId=${owner.id}`
    expect((await api().get(url)).status).toBe(401)
    expect((await api().get(url, { token: other.token })).status).toBe(403)
    expect((await api().get(url, { token: admin.token })).status).toBe(200)
    const mine = await api().get(url, { token: owner.token })
    expect(mine.body.data).toMatchObject({
      current: null,
      effective: { planId: PLANS.starter, price: 0, bookLimit: 1 },
      state: {
        expired: false,
        limitExceeded: false,
        free: true,
        canUpgrade: true,
        canUpgradeToHigherPlan: true,
      },
      pastPlans: [],
      billingDetails: null,
    })
  })

  it('lets an expired paid plan fall back to the free limits without deleting a listing', async () => {
    const user = await buildUser(t.app.db, { role: 'author' })
    const now = t.clock.now()
    await holds(user, PLANS.basic, '9.99', 5, addMonthsUtc(now, -13), addMonthsUtc(now, -1))
    for (let i = 0; i < 3; i++) await buildListing(t.app.db, { create_by: user.id })
    const res = await api().get(`/get/all/membershipsByUser?userId=${user.id}`, { token: user.token })
    expect(res.body.data).toMatchObject({
      current: { planId: PLANS.basic, bookLimit: 5 },
      effective: { planId: PLANS.starter, bookLimit: 1, price: 0 },
      booksListed: 3,
      state: { expired: true, limitExceeded: true, free: true, canUpgrade: true },
    })
    // Renewing the expired plan is allowed, at the full price (nothing left to credit).
    const quote = await api().get(`/get/membership/quote?planId=${PLANS.basic}`, { token: user.token })
    expect(quote.body.data).toMatchObject({ amount: 119.88, credit: 0, remainingMonths: 0 })
    const listed = await t.app.db
      .selectFrom('podcasts')
      .select('id')
      .where('create_by', '=', user.id)
      .execute()
    expect(listed).toHaveLength(3)
  })
})

describe('a paid plan granted for nothing (the catalogue importer holds Elite)', () => {
  it('is not the free plan: its list price is given, it is not free and has nothing to upgrade to', async () => {
    const user = await buildUser(t.app.db, { role: 'publisher' })
    await holds(user, PLANS.elite, '0', -1, t.clock.now(), null)
    const res = await api().get(`/get/all/membershipsByUser?userId=${user.id}`, { token: user.token })
    expect(res.body.data).toMatchObject({
      current: { planName: 'Elite Strut', price: 0, planPrice: 24.99, bookLimit: -1 },
      state: { free: false, canUpgrade: false, canUpgradeToHigherPlan: false },
    })
    const me = await api().get(`/get/single/user?userId=${user.id}`, { token: user.token })
    expect(me.body.data.membership).toMatchObject({ planName: 'Elite Strut', price: 0, planPrice: 24.99 })
  })
})

describe('GET /get/membership/quote', () => {
  it('credits whole unused months of the current plan', async () => {
    const user = await buildUser(t.app.db, { role: 'publisher' })
    const now = t.clock.now()
    // Essential bought three months ago, to the second: nine whole months left.
    await holds(user, PLANS.essential, '5.99', 2, addMonthsUtc(now, -3), addMonthsUtc(now, 9))
    const res = await api().get(`/get/membership/quote?planId=${PLANS.pro}`, { token: user.token })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      charge: 191.88,
      credit: 53.91,
      remainingMonths: 9,
      amount: 137.97,
      currency: 'usd',
      expiryDate: addMonthsUtc(now, 12).toISOString(),
    })
  })

  it('refuses readers, admins, blocked authors, the free plan, a repeat and a missing plan', async () => {
    const reader = await buildUser(t.app.db, { role: 'reader' })
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const blocked = await buildUser(t.app.db, { role: 'author', blocked: true })
    const author = await buildUser(t.app.db, { role: 'author' })
    const quote = (u: User, planId: string) =>
      api().get(`/get/membership/quote?planId=${planId}`, { token: u.token })
    expect((await quote(reader, PLANS.pro)).status).toBe(403)
    expect((await quote(admin, PLANS.pro)).status).toBe(403)
    expect((await quote(blocked, PLANS.pro)).body.code).toBe('BLOCKED')
    expect((await quote(author, PLANS.starter)).status).toBe(409)
    expect((await quote(author, 'f'.repeat(24))).status).toBe(404)
    expect((await quote(author, 'nope')).status).toBe(400)
    await holds(author, PLANS.pro, '15.99', 10, t.clock.now(), addMonthsUtc(t.clock.now(), 12))
    expect((await quote(author, PLANS.pro)).status).toBe(409)
    expect((await quote(author, PLANS.basic)).status).toBe(409)
  })

  it('limits quotes per account (120 an hour)', async () => {
    const author = await buildUser(t.app.db, { role: 'author' })
    const calls = await Promise.all(
      Array.from({ length: 121 }, () =>
        api().get(`/get/membership/quote?planId=${PLANS.basic}`, { token: author.token }),
      ),
    )
    expect(calls.filter((c) => c.status === 200)).toHaveLength(120)
    expect(calls.filter((c) => c.status === 429)).toHaveLength(1)
  })
})
