import { describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { buildUser } from '@bookstrut/accounts/testing'
import { audited } from '@bookstrut/core'
import { t, api, adminAndTarget, userRow, entries, useAdminApp } from '../../test/admin-console.js'

// The admin console's audit log (issue 33): append-only, written in the transaction of the change.

useAdminApp()

describe('the audit log', () => {
  it('refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    const { admin, target } = await adminAndTarget()
    await api().post('/admin/block/user', { userId: target.id, notes: 'Spam' }, { token: admin.token })
    const [entry] = await entries({ targetId: target.id })
    expect(entry).toBeDefined()
    await expect(
      t.app.db
        .updateTable('admin_audit_log')
        .set({ action: 'user.unblock' })
        .where('id', '=', entry!.id)
        .execute(),
    ).rejects.toThrow(/append-only/)
    await expect(
      t.app.db.deleteFrom('admin_audit_log').where('id', '=', entry!.id).execute(),
    ).rejects.toThrow(/append-only/)
    await expect(sql`truncate admin_audit_log`.execute(t.app.db)).rejects.toThrow(/append-only/)
    expect(await entries({ targetId: target.id })).toHaveLength(1)
  })

  it('writes the entry in the transaction of the change: an entry that cannot be written undoes the change', async () => {
    const { admin, target } = await adminAndTarget()
    const actor = { id: admin.id, email: 'a@example.com', requestId: null }
    await expect(
      audited({ db: t.app.db, clock: t.clock }, actor, async (trx) => {
        await trx.updateTable('users').set({ is_blocked: true }).where('id', '=', target.id).execute()
        // target_id is at most 64 characters: the insert fails after the change was made.
        return {
          result: null,
          action: 'user.block',
          targetType: 'user',
          targetId: 'x'.repeat(65),
          before: 1,
          after: 2,
        }
      }),
    ).rejects.toThrow()
    const row = await userRow(target.id)
    expect(row.is_blocked).toBe(false)
    expect(await entries({ targetId: 'x'.repeat(65) })).toEqual([])
  })

  it('filters by admin, action, target and time, pages newest first, and exports the same as CSV', async () => {
    const [a1, a2] = [
      await buildUser(t.app.db, { role: 'admin' }),
      await buildUser(t.app.db, { role: 'admin' }),
    ]
    const targets = [await buildUser(t.app.db), await buildUser(t.app.db), await buildUser(t.app.db)]
    const c = api()
    for (const u of targets) {
      t.clock.advance(1000)
      await c.post('/admin/block/user', { userId: u.id, notes: 'Spam' }, { token: a1.token })
    }
    t.clock.advance(1000)
    await c.post('/admin/unblock/user', { userId: targets[0]!.id }, { token: a2.token })

    const byA1 = await c.get(`/admin/audit-log?adminId=${a1.id}&limit=2`, { token: a2.token })
    expect(byA1.status).toBe(200)
    expect(byA1.body.data.total).toBe(3)
    expect(byA1.body.data.items.map((e: { targetId: string }) => e.targetId)).toEqual([
      targets[2]!.id,
      targets[1]!.id,
    ])
    const page2 = await c.get(`/admin/audit-log?adminId=${a1.id}&limit=2&page=2`, { token: a2.token })
    expect(page2.body.data.items.map((e: { targetId: string }) => e.targetId)).toEqual([targets[0]!.id])

    const unblocks = await c.get(`/admin/audit-log?action=user.unblock&adminId=${a2.id}`, { token: a1.token })
    expect(unblocks.body.data.items).toHaveLength(1)
    expect(unblocks.body.data.items[0]).toMatchObject({
      adminId: a2.id,
      action: 'user.unblock',
      targetType: 'user',
      targetId: targets[0]!.id,
      before: { isBlocked: true, blockNotes: 'Spam' },
      after: { isBlocked: false, blockNotes: '' },
    })
    const onTarget = await c.get(`/admin/audit-log?targetId=${targets[0]!.id}`, { token: a1.token })
    expect(onTarget.body.data.items.map((e: { action: string }) => e.action)).toEqual([
      'user.unblock',
      'user.block',
    ])
    const future = new Date(t.clock.now().getTime() + 3_600_000).toISOString()
    const none = await c.get(`/admin/audit-log?adminId=${a1.id}&from=${encodeURIComponent(future)}`, {
      token: a1.token,
    })
    expect(none.body.data.total).toBe(0)
    const past = new Date(t.clock.now().getTime() - 3_600_000).toISOString()
    const until = await c.get(`/admin/audit-log?adminId=${a1.id}&to=${encodeURIComponent(past)}`, {
      token: a1.token,
    })
    expect(until.body.data.total).toBe(0)

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/audit-log/csv?adminId=${a1.id}`,
      headers: { authorization: `Bearer ${a2.token}` },
    })
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toMatch(/^text\/csv/)
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="bookstrut-audit-/)
    const lines = csv.body.trim().split('\n')
    expect(lines[0]).toBe('time,id,admin_id,admin_email,action,target_type,target_id,before,after,request_id')
    expect(lines).toHaveLength(4)
    expect(lines[1]).toContain(`,user.block,user,${targets[2]!.id},`)
    // JSON cells are quoted with their quotes doubled, as RFC 4180 says.
    expect(lines[1]).toContain('"{""role"":""reader"",""isBlocked"":false,""blockNotes"":""""}"')
  })
})
