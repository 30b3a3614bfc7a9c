import { describe, expect, it } from 'vitest'
import { buildUser } from '@bookstrut/accounts/testing'
import { newId } from '@bookstrut/core'
import { buildListing } from '@bookstrut/core/testing'
import { client } from '../../test/api-client.js'
import { buildTestApp } from '../../test/test-app.js'
import {
  t,
  api,
  adminAndTarget,
  as,
  SPAM,
  entries,
  report,
  AUDIT_TESTS,
  useAdminApp,
} from '../../test/admin-console.js'

// The admin console's users (issue 33): listing, blocking, unblocking, roles, and the audit entry each write leaves.

useAdminApp()

describe('users', () => {
  it('finds accounts by part of the name or e-mail, by role and by status', async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const tag = newId().slice(-8)
    const ada = await buildUser(t.app.db, { role: 'author' })
    await t.app.db
      .updateTable('users')
      .set({ first_name: `Ada${tag}`, last_name: 'Lovelace' })
      .where('id', '=', ada.id)
      .execute()
    const bob = await buildUser(t.app.db, { role: 'reader', blocked: true })
    await t.app.db
      .updateTable('users')
      .set({ email: `bob.${tag}@example.org` })
      .where('id', '=', bob.id)
      .execute()
    const c = api()
    const ids = async (query: string) =>
      (await c.get(`/admin/users?${query}`, { token: admin.token })).body.data.items.map(
        (u: { id: string }) => u.id,
      )
    expect(await ids(`q=${encodeURIComponent(`ada${tag} love`)}`)).toEqual([ada.id])
    expect(await ids(`q=bob.${tag}`)).toEqual([bob.id])
    expect(await ids(`q=${tag}&role=author`)).toEqual([ada.id])
    expect(await ids(`q=${tag}&status=blocked`)).toEqual([bob.id])
    expect(await ids(`q=${tag}&status=active`)).toEqual([ada.id])
    // LIKE's wildcards are taken literally.
    expect(await ids('q=%25')).toEqual([])
  })

  it("shows an account's listings, plan and the reports against its listings", async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const owner = await buildUser(t.app.db, { role: 'publisher' })
    const listing = await buildListing(t.app.db, { create_by: owner.id, title: 'Reported Book' })
    await report(listing.id)
    await report(listing.id)
    const res = await api().get(`/admin/user?userId=${owner.id}`, { token: admin.token })
    expect(res.status).toBe(200)
    expect(res.body.data.user).toMatchObject({ id: owner.id, role: 'publisher', isBlocked: false })
    expect(res.body.data.listings).toEqual([
      expect.objectContaining({ id: listing.id, title: 'Reported Book', status: 1, isActive: true }),
    ])
    expect(res.body.data.reports).toEqual([
      expect.objectContaining({ podcastId: listing.id, reportTypeId: SPAM, reports: 2, openReports: 2 }),
    ])
    expect((await api().get(`/admin/user?userId=${newId()}`, { token: admin.token })).status).toBe(404)
  })

  it(AUDIT_TESTS['POST /admin/block/user']!, async () => {
    const { admin, target } = await adminAndTarget({ role: 'author' })
    const c = api()
    const asAdmin = as(admin, c)
    const res = await asAdmin.post('/admin/block/user', {
      userId: target.id,
      notes: 'Please stop posting spam.',
    })
    expect(res.status).toBe(200)
    const [entry, ...more] = await entries({ targetId: target.id })
    expect(more).toEqual([])
    expect(entry).toMatchObject({
      admin_id: admin.id,
      action: 'user.block',
      target_type: 'user',
      before: { role: 'author', isBlocked: false, blockNotes: '' },
      after: { role: 'author', isBlocked: true, blockNotes: 'Please stop posting spam.' },
    })
    expect(entry!.request_id).toBe(res.headers['x-request-id'])
    // The blocked user's next write is refused with the note (the client's blocked dialog shows it).
    const write = await c.post('/admin/block/user', { userId: admin.id, notes: 'x' }, { token: target.token })
    expect(write.status).toBe(403)
    const own = await c.put('/update/user', { userId: target.id, first_name: 'New' }, { token: target.token })
    expect(own.body).toMatchObject({
      code: 'BLOCKED',
      data: { isBlocked: true, notes: 'Please stop posting spam.' },
    })
    // The same block again changes nothing and writes nothing.
    await asAdmin.post('/admin/block/user', { userId: target.id, notes: 'Please stop posting spam.' })
    expect(await entries({ targetId: target.id })).toHaveLength(1)
  })

  it(AUDIT_TESTS['POST /admin/unblock/user']!, async () => {
    const { admin, target } = await adminAndTarget({ blocked: true })
    const c = as(admin)
    expect((await c.post('/admin/unblock/user', { userId: target.id })).status).toBe(200)
    await c.post('/admin/unblock/user', { userId: target.id })
    const log = await entries({ targetId: target.id })
    expect(log.map((e) => [e.action, e.before, e.after])).toEqual([
      [
        'user.unblock',
        { role: 'reader', isBlocked: true, blockNotes: 'Blocked in a test' },
        { role: 'reader', isBlocked: false, blockNotes: '' },
      ],
    ])
  })

  it('refuses to block oneself, another admin or nobody, with clear messages and no entry', async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const other = await buildUser(t.app.db, { role: 'admin' })
    const c = api()
    const self = await c.post('/admin/block/user', { userId: admin.id, notes: 'x' }, { token: admin.token })
    expect([self.status, self.body.message]).toEqual([403, 'You cannot block your own account.'])
    const peer = await c.post('/admin/block/user', { userId: other.id, notes: 'x' }, { token: admin.token })
    expect([peer.status, peer.body.message]).toEqual([
      403,
      'Admin accounts cannot be blocked. Change their role first.',
    ])
    const nobody = await c.post('/admin/block/user', { userId: newId(), notes: 'x' }, { token: admin.token })
    expect(nobody.status).toBe(404)
    expect([...(await entries({ targetId: admin.id })), ...(await entries({ targetId: other.id }))]).toEqual(
      [],
    )
  })

  it(AUDIT_TESTS['PUT /admin/user/role']!, async () => {
    const { admin, target } = await adminAndTarget({ role: 'reader' })
    const c = as(admin)
    const res = await c.put('/admin/user/role', { userId: target.id, role: 'publisher' })
    expect(res.status).toBe(200)
    expect(res.body.data.role).toBe('publisher')
    await c.put('/admin/user/role', { userId: target.id, role: 'publisher' })
    const log = await entries({ targetId: target.id })
    expect(
      log.map((e) => [e.action, (e.before as { role: string }).role, (e.after as { role: string }).role]),
    ).toEqual([['user.role', 'reader', 'publisher']])
  })

  it('refuses to change one’s own role or demote the last admin, even when two admins demote each other at once', async () => {
    // "The last admin" counts every admin of the database: this test needs one of its own.
    const fresh = await buildTestApp({}, undefined, { start: false })
    try {
      const c = client(fresh.app)
      const a = await buildUser(fresh.app.db, { role: 'admin' })
      const b = await buildUser(fresh.app.db, { role: 'admin' })
      const self = await c.put('/admin/user/role', { userId: a.id, role: 'reader' }, { token: a.token })
      expect([self.status, self.body.message]).toEqual([403, 'You cannot change your own role.'])
      const [ab, ba] = await Promise.all([
        c.put('/admin/user/role', { userId: b.id, role: 'reader' }, { token: a.token }),
        c.put('/admin/user/role', { userId: a.id, role: 'reader' }, { token: b.token }),
      ])
      const statuses = [ab.status, ba.status].sort()
      // One wins; the loser is either the last admin's 409 or, having been demoted meanwhile, no admin any more (403).
      expect(statuses[0]).toBe(200)
      expect([403, 409]).toContain(statuses[1])
      const admins = await fresh.app.db.selectFrom('users').select('id').where('role', '=', 'admin').execute()
      expect(admins).toHaveLength(1)
      const last = admins[0]!.id
      const other = last === a.id ? b : a
      const lastToken = last === a.id ? a.token : b.token
      const blockedUser = await buildUser(fresh.app.db, { blocked: true })
      const promote = await c.put(
        '/admin/user/role',
        { userId: blockedUser.id, role: 'admin' },
        { token: lastToken },
      )
      expect([promote.status, promote.body.message]).toEqual([
        409,
        'Unblock the account before making it an admin.',
      ])
      expect(other.id).not.toBe(last)
      const entriesThere = await fresh.app.db.selectFrom('admin_audit_log').select('action').execute()
      expect(entriesThere).toEqual([{ action: 'user.role' }])
    } finally {
      await fresh.close()
    }
  })
})
