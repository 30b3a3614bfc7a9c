import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildUser } from '@bookstrut/accounts/testing'
import { membershipsRepo } from '@bookstrut/billing'
import { ManualClock, type AdminActor, type Db } from '@bookstrut/core'
import { createTestDb } from '@bookstrut/core/testing'
import { readAuditLog } from './audit-log.js'
import { grantPlan, planOfMember } from './plan-grant.js'

// An admin's grant of a plan (issue 48) on a real database, without HTTP: billing's rules, the membership they
// leave, and the one plan.grant entry in the transaction of the change (none for a refusal or a repeat).

const ESSENTIAL_PLAN = '0000000000000000000000a2'
const PRO_PLAN = '0000000000000000000000a4'
const DAY_MS = 86_400_000

let testDb: Awaited<ReturnType<typeof createTestDb>> | undefined
let db: Db
const clock = new ManualClock(new Date('2026-11-02T09:00:00Z'))
let admin: AdminActor
const deps = () => ({ db, clock })

beforeAll(async () => {
  testDb = await createTestDb('admin_grant')
  db = testDb.db
  const adminUser = await buildUser(db, { role: 'admin' })
  admin = { id: adminUser.id, email: 'admin@example.com', requestId: 'req-grant' }
})
afterAll(async () => {
  await testDb?.drop()
})

/** The calendar day `days` after the clock's today, as a grant's endDate. */
const dayAhead = (days: number) => new Date(clock.now().getTime() + days * DAY_MS).toISOString().slice(0, 10)
const grantEntries = async (memberId: string) =>
  (await readAuditLog({ db }, { targetId: memberId })).items.filter((e) => e.action === 'plan.grant')
const membershipsOf = (userId: string) =>
  db.selectFrom('memberships').selectAll().where('user_id', '=', userId).orderBy('purchase_date').execute()

/** An author on the free plan, as sign-up leaves them. */
async function freeAuthor() {
  const author = await buildUser(db, { role: 'author' })
  await membershipsRepo.ensureFreeMembership(db, author.id, clock.now())
  return author
}

/** An author holding Essential Strut bought at full price, running until `days` from now. */
async function payingAuthor(days: number) {
  const author = await buildUser(db, { role: 'author' })
  await db.transaction().execute(async (trx) => {
    await membershipsRepo.grantPlan(trx, author.id, ESSENTIAL_PLAN, clock.now())
    await trx
      .updateTable('memberships')
      .set({ price: 4.99, expiry_date: new Date(clock.now().getTime() + days * DAY_MS) })
      .where('user_id', '=', author.id)
      .where('is_current', '=', true)
      .execute()
  })
  return author
}

describe('a complimentary grant', () => {
  it('gives a paid plan for nothing until the end of the day, records one entry, and a repeat changes nothing', async () => {
    const author = await freeAuthor()
    const endDate = dayAhead(60)
    const body = {
      userId: author.id,
      kind: 'complimentary' as const,
      planId: PRO_PLAN,
      endDate,
      reason: '  Demo  ',
    }

    const plan = await grantPlan(deps(), admin, body)
    expect(plan).toMatchObject({
      planId: PRO_PLAN,
      planName: 'Pro Strut',
      expiryDate: new Date(Date.parse(`${endDate}T00:00:00Z`) + DAY_MS).toISOString(),
      grant: { kind: 'complimentary', reason: 'Demo' },
    })
    const rows = await membershipsOf(author.id)
    expect(rows).toHaveLength(2)
    expect(rows.filter((m) => m.is_current)).toMatchObject([
      { plan_id: PRO_PLAN, price: '0.00', grant_kind: 'complimentary', granted_by: admin.id },
    ])
    const entries = await grantEntries(author.id)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      adminId: admin.id,
      requestId: 'req-grant',
      before: { planName: 'Starter Strut', grant: null },
      after: { planName: 'Pro Strut', price: 0, grant: { kind: 'complimentary', reason: 'Demo' } },
    })

    // A double click or a retry: the same plan, end and reason.
    await grantPlan(deps(), admin, body)
    expect(await membershipsOf(author.id)).toHaveLength(2)
    expect(await grantEntries(author.id)).toHaveLength(1)
  })

  it('is refused, with nothing written, for a reader, the free plan, an end too soon or too late, a running paid plan', async () => {
    const reader = await buildUser(db, { role: 'reader' })
    const author = await freeAuthor()
    const paying = await payingAuthor(90)
    const refusals: Array<[Record<string, unknown>, number]> = [
      [{ userId: reader.id, planId: PRO_PLAN, endDate: dayAhead(30) }, 409],
      [{ userId: admin.id, planId: PRO_PLAN, endDate: dayAhead(30) }, 409],
      [{ userId: '0000000000000000000000ff', planId: PRO_PLAN, endDate: dayAhead(30) }, 404],
      [{ userId: author.id, planId: '0000000000000000000000a1', endDate: dayAhead(30) }, 400],
      [{ userId: author.id, planId: '0000000000000000000000fe', endDate: dayAhead(30) }, 404],
      [{ userId: author.id, planId: PRO_PLAN, endDate: dayAhead(0) }, 400],
      [{ userId: author.id, planId: PRO_PLAN, endDate: dayAhead(6 * 366) }, 400],
      [{ userId: paying.id, planId: PRO_PLAN, endDate: dayAhead(30) }, 409],
    ]
    for (const [fields, status] of refusals) {
      const body = { kind: 'complimentary' as const, reason: 'Try it', ...fields } as Parameters<
        typeof grantPlan
      >[2]
      await expect(grantPlan(deps(), admin, body), JSON.stringify(fields)).rejects.toMatchObject({ status })
    }
    for (const member of [reader, author, paying]) expect(await grantEntries(member.id)).toEqual([])
    expect((await membershipsOf(author.id)).map((m) => m.plan_id)).toEqual(['0000000000000000000000a1'])
    expect((await membershipsOf(paying.id)).filter((m) => m.is_current)).toMatchObject([
      { plan_id: ESSENTIAL_PLAN, price: '4.99', grant_kind: null },
    ])
  })
})

describe('an extension', () => {
  it('moves the held plan’s end later, keeps what was paid, and refuses an earlier end or the free plan', async () => {
    const paying = await payingAuthor(20)
    const free = await freeAuthor()
    const extend = (userId: string, days: number) =>
      grantPlan(deps(), admin, {
        userId,
        kind: 'extended',
        endDate: dayAhead(days),
        reason: 'Thanks for the report',
      })

    await expect(extend(paying.id, 10)).rejects.toMatchObject({ status: 409 })
    await expect(extend(free.id, 60)).rejects.toMatchObject({ status: 409 })
    expect(await grantEntries(paying.id)).toEqual([])

    const plan = await extend(paying.id, 60)
    expect(plan).toMatchObject({ planId: ESSENTIAL_PLAN, grant: { kind: 'extended' } })
    expect((await membershipsOf(paying.id)).filter((m) => m.is_current)).toMatchObject([
      {
        plan_id: ESSENTIAL_PLAN,
        price: '4.99',
        grant_kind: 'extended',
        grant_reason: 'Thanks for the report',
      },
    ])
    expect(await grantEntries(paying.id)).toHaveLength(1)
    expect(await planOfMember(deps(), free.id)).toMatchObject({ planName: 'Starter Strut', grant: null })
  })
})
