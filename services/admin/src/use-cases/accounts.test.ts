import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildUser } from '@bookstrut/accounts/testing'
import { ManualClock, type AdminActor, type Db } from '@bookstrut/core'
import { createTestDb } from '@bookstrut/core/testing'
import { setBlocked, setRole } from './accounts.js'
import { auditLogCsv, readAuditLog } from './audit-log.js'

// The admin console's account writes on a real database: each change and its audit entry commit together, a
// refused change leaves no entry, a repeated one is recorded once, and the CSV export cannot carry a formula.

let testDb: Awaited<ReturnType<typeof createTestDb>> | undefined
let db: Db
const clock = new ManualClock(new Date('2026-11-02T09:00:00Z'))
let admin: AdminActor

beforeAll(async () => {
  testDb = await createTestDb('admin')
  db = testDb.db
  const adminUser = await buildUser(db, { role: 'admin' })
  admin = { id: adminUser.id, email: 'admin@example.com', requestId: 'req-1' }
})
afterAll(async () => {
  await testDb?.drop()
})

const entriesFor = async (targetId: string) => (await readAuditLog({ db }, { targetId })).items

describe('blocking an account', () => {
  it('blocks with a note, records one entry, and records a repeated block not again', async () => {
    const reader = await buildUser(db)
    const row = await setBlocked({ db, clock }, admin, reader.id, true, '  Spam in reports  ')
    expect(row).toMatchObject({ is_blocked: true, block_notes: 'Spam in reports' })

    await setBlocked({ db, clock }, admin, reader.id, true, 'Spam in reports')
    const entries = await entriesFor(reader.id)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      action: 'user.block',
      adminId: admin.id,
      requestId: 'req-1',
      before: { isBlocked: false },
      after: { isBlocked: true, blockNotes: 'Spam in reports' },
    })
  })

  it('refuses a block without a note, of an admin, or of oneself, and leaves no entry', async () => {
    const reader = await buildUser(db)
    const otherAdmin = await buildUser(db, { role: 'admin' })
    await expect(setBlocked({ db, clock }, admin, reader.id, true, '   ')).rejects.toMatchObject({
      status: 400,
    })
    await expect(setBlocked({ db, clock }, admin, otherAdmin.id, true, 'x')).rejects.toMatchObject({
      status: 403,
    })
    await expect(setBlocked({ db, clock }, admin, admin.id, true, 'x')).rejects.toMatchObject({
      status: 403,
    })
    for (const id of [reader.id, otherAdmin.id, admin.id]) expect(await entriesFor(id)).toEqual([])
    const stored = await db
      .selectFrom('users')
      .select('is_blocked')
      .where('id', '=', reader.id)
      .executeTakeFirstOrThrow()
    expect(stored.is_blocked).toBe(false)
  })
})

describe('changing a role', () => {
  it('lets only one of two admins demoting each other at once win: the last admin stays an admin', async () => {
    const scratch = await createTestDb('admin_last')
    try {
      const a = await buildUser(scratch.db, { role: 'admin' })
      const b = await buildUser(scratch.db, { role: 'admin' })
      const deps = { db: scratch.db, clock }
      const outcomes = await Promise.allSettled([
        setRole(deps, { id: a.id, email: 'a@example.com', requestId: null }, b.id, 'reader'),
        setRole(deps, { id: b.id, email: 'b@example.com', requestId: null }, a.id, 'reader'),
      ])
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1)
      const refused = outcomes.find((o) => o.status === 'rejected')
      expect(refused?.reason).toMatchObject({ status: 409 })
      const admins = await scratch.db.selectFrom('users').select('id').where('role', '=', 'admin').execute()
      expect(admins).toHaveLength(1)
    } finally {
      await scratch.drop()
    }
  })
})

describe('the audit log as CSV', () => {
  it('writes a cell that starts like a formula as text', async () => {
    const reader = await buildUser(db)
    const hostile = { ...admin, email: '=HYPERLINK("http://evil.example")@example.com' }
    await setBlocked({ db, clock }, hostile, reader.id, true, 'Spam')
    const csv = await auditLogCsv({ db }, { targetId: reader.id })
    const [header, line] = csv.trim().split('\n')
    expect(header).toBe('time,id,admin_id,admin_email,action,target_type,target_id,before,after,request_id')
    expect(line).toContain(',user.block,user,')
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"")@example.com"`)
  })
})
