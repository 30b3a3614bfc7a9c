import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildUser } from '@bookstrut/accounts/testing'
import { buildTestApp, type TestApp } from '../../test/test-app.js'
import { client } from '../../test/api-client.js'
import { PLANS, paidAuthor } from '../../test/memberships.js'

// Plans granted by admins (issue 48): POST /admin/user/plan, what the member sees, and what is refused.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({}, undefined, { start: false })
})
afterAll(async () => t?.close())

const DAY = 86_400_000
const api = () => client(t.app)
/** The calendar day `days` from the test clock's now, as the body's endDate. */
const dayFromNow = (days: number) => new Date(t.clock.now().getTime() + days * DAY).toISOString().slice(0, 10)
/** The expiry a grant ending on `endDate` stores: the first instant of the next day (UTC). */
const expiryOf = (endDate: string) => new Date(Date.parse(`${endDate}T00:00:00Z`) + DAY).toISOString()

const grantEntries = (memberId: string) =>
  t.app.db
    .selectFrom('admin_audit_log')
    .selectAll()
    .where('target_id', '=', memberId)
    .where('action', '=', 'plan.grant')
    .orderBy('created_at')
    .execute()
const memberships = (userId: string) =>
  t.app.db
    .selectFrom('memberships')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('purchase_date')
    .execute()

const grant = (token: string, body: Record<string, unknown>) =>
  api().post('/admin/user/plan', body, { token })
const myMembership = (member: { id: string; token: string }) =>
  api().get(`/get/all/membershipsByUser?userId=${member.id}`, { token: member.token })

describe('an admin grants a plan', () => {
  it('a complimentary grant writes one plan.grant entry and the member sees it in My Membership; again, none', async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const member = await buildUser(t.app.db, { role: 'author' })
    const endDate = dayFromNow(60)
    const body = {
      userId: member.id,
      kind: 'complimentary',
      planId: PLANS.pro,
      endDate,
      reason: 'Demo author',
    }

    const res = await grant(admin.token, body)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data).toMatchObject({
      planId: PLANS.pro,
      planName: 'Pro Strut',
      expiryDate: expiryOf(endDate),
      grant: { kind: 'complimentary', reason: 'Demo author' },
    })

    const seen = await myMembership(member)
    expect(seen.status).toBe(200)
    expect(seen.body.data.current).toMatchObject({
      planId: PLANS.pro,
      price: 0,
      expiryDate: expiryOf(endDate),
      grant: { kind: 'complimentary', reason: 'Demo author' },
    })
    // A paid plan for nothing is not the free plan: the analytics it sells are open.
    expect(seen.body.data.effective.planName).toBe('Pro Strut')
    expect(seen.body.data.state.free).toBe(false)

    const [entry, ...more] = await grantEntries(member.id)
    expect(more).toEqual([])
    expect(entry).toMatchObject({
      admin_id: admin.id,
      target_type: 'user',
      after: { planId: PLANS.pro, price: 0, grant: { kind: 'complimentary', reason: 'Demo author' } },
    })
    expect((entry?.before as { grant: unknown }).grant).toBeNull()

    // The same grant again (a double click): 200, nothing changes, no second entry.
    expect((await grant(admin.token, body)).status).toBe(200)
    expect(await grantEntries(member.id)).toHaveLength(1)
    expect((await memberships(member.id)).filter((m) => m.is_current)).toHaveLength(1)
  })

  it("an extension moves a paid plan's end later, keeps its payment terms, and refuses an earlier end", async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const member = await paidAuthor(t.app.db, { expiry: new Date(t.clock.now().getTime() + 20 * DAY) })
    const endDate = dayFromNow(120)
    const res = await grant(admin.token, {
      userId: member.id,
      kind: 'extended',
      endDate,
      reason: 'Outage credit',
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const [row, ...others] = await memberships(member.id)
    expect(others).toEqual([])
    expect([row?.plan_id, row?.price, row?.expiry_date?.toISOString(), row?.grant_kind]).toEqual([
      PLANS.basic,
      '9.99',
      expiryOf(endDate),
      'extended',
    ])
    const seen = await myMembership(member)
    expect(seen.body.data.current.grant).toMatchObject({ kind: 'extended', reason: 'Outage credit' })

    const earlier = await grant(admin.token, {
      userId: member.id,
      kind: 'extended',
      endDate: dayFromNow(90),
      reason: 'Oops',
    })
    expect([earlier.status, earlier.body.message]).toEqual([
      409,
      'The new end date must be later than the plan’s current end.',
    ])
    expect(await grantEntries(member.id)).toHaveLength(1)
  })

  it('ends at its end date: the member falls back to the free plan, their listings untouched', async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const member = await buildUser(t.app.db, { role: 'publisher' })
    const endDate = dayFromNow(2)
    const body = { userId: member.id, kind: 'complimentary', planId: PLANS.elite, endDate, reason: 'Trial' }
    expect((await grant(admin.token, body)).status).toBe(200)
    t.clock.advance(4 * DAY)
    try {
      const seen = await myMembership(member)
      expect(seen.body.data.state).toMatchObject({ expired: true, free: true })
      expect(seen.body.data.effective.planId).toBe(PLANS.starter)
    } finally {
      t.clock.advance(-4 * DAY)
    }
  })
})

describe('what a grant refuses', () => {
  it('refuses readers, the free plan, past and far dates, a running paid plan and nothing to extend; writes nothing', async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const reader = await buildUser(t.app.db, { role: 'reader' })
    const author = await buildUser(t.app.db, { role: 'author' })
    const payer = await paidAuthor(t.app.db)
    const ok = { kind: 'complimentary', planId: PLANS.pro, endDate: dayFromNow(30), reason: 'Because' }
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [
        { ...ok, userId: reader.id },
        409,
        'Plans are for authors and publishers: change the account’s role first.',
      ],
      [
        { ...ok, userId: author.id, planId: PLANS.starter },
        400,
        'planId: the free plan is everyone’s already; give a paid plan',
      ],
      [{ ...ok, userId: author.id, planId: undefined }, 400, 'planId: the plan to give'],
      [{ ...ok, userId: author.id, endDate: dayFromNow(0) }, 400, 'endDate: a day after today'],
      [{ ...ok, userId: author.id, endDate: dayFromNow(-3) }, 400, 'endDate: a day after today'],
      [{ ...ok, userId: author.id, endDate: dayFromNow(6 * 366) }, 400, 'endDate: at most five years ahead'],
      [{ ...ok, userId: payer.id }, 409, 'The member’s paid plan is still running: extend it instead.'],
      [
        { ...ok, userId: author.id, kind: 'extended', planId: undefined },
        409,
        'The member holds the free plan: grant a complimentary plan instead.',
      ],
      [{ ...ok, userId: '0000000000000000000000ff' }, 404, 'User not found'],
      [{ ...ok, userId: author.id, planId: '0000000000000000000000ff' }, 404, 'Plan not found'],
    ]
    for (const [body, status, message] of cases) {
      const res = await grant(admin.token, body)
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([status, message])
    }
    for (const who of [reader, author, payer]) expect(await grantEntries(who.id)).toEqual([])
    expect((await memberships(payer.id)).map((m) => m.grant_kind)).toEqual([null])
  })

  it('answers hostile bodies with 400 and changes nothing', async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const author = await buildUser(t.app.db, { role: 'author' })
    const ok = {
      userId: author.id,
      kind: 'complimentary',
      planId: PLANS.pro,
      endDate: dayFromNow(30),
      reason: 'Fine',
    }
    const hostile: Array<Record<string, unknown>> = [
      { ...ok, kind: 'forever' },
      { ...ok, endDate: 'tomorrow' },
      { ...ok, endDate: '2027-02-30' },
      { ...ok, reason: '   ' },
      { ...ok, reason: 'x'.repeat(501) },
      { ...ok, userId: `${author.id}' or 1=1` },
      { ...ok, planId: ['a', 'b'] },
      { ...ok, reason: undefined },
    ]
    for (const body of hostile)
      expect((await grant(admin.token, body)).status, JSON.stringify(body)).toBe(400)
    expect(await grantEntries(author.id)).toEqual([])
    expect((await memberships(author.id)).every((m) => m.grant_kind === null)).toBe(true)
  })

  it('refuses an author granting themselves a plan (403) and an admin past the per-admin limit (429)', async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const author = await buildUser(t.app.db, { role: 'author' })
    const body = {
      userId: author.id,
      kind: 'complimentary',
      planId: PLANS.elite,
      endDate: dayFromNow(30),
      reason: 'For me',
    }
    expect((await grant(author.token, body)).status).toBe(403)
    for (let i = 0; i < 300; i++) await t.app.limits.consume('adminPerAccount', admin.id)
    const limited = await grant(admin.token, body)
    expect([limited.status, limited.body.code]).toEqual([429, 'RATE_LIMITED'])
    expect(await grantEntries(author.id)).toEqual([])
    expect((await memberships(author.id)).every((m) => m.grant_kind === null)).toBe(true)
  })
})
