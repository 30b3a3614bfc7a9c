import { describe, expect, it } from 'vitest'
import { buildUser } from '@bookstrut/accounts/testing'
import { newId } from '@bookstrut/core'
import { buildListing } from '@bookstrut/core/testing'
import {
  t,
  api,
  userRow,
  SPAM,
  COPYRIGHT,
  entries,
  report,
  AUDIT_TESTS,
  useAdminApp,
} from '../../test/admin-console.js'

// The admin console's reports (issue 33): listing, resolving, report types, and their audit entries.

useAdminApp()

describe('reports', () => {
  it('groups reports by title and type, newest first, open or resolved', async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const older = await buildListing(t.app.db, { title: 'Older' })
    const newer = await buildListing(t.app.db, { title: 'Newer' })
    await report(older.id, SPAM)
    await report(older.id, SPAM)
    await report(older.id, COPYRIGHT)
    await new Promise((r) => setTimeout(r, 5))
    await report(newer.id, SPAM)
    const res = await api().get('/admin/reports?status=open&limit=100', { token: admin.token })
    const mine = res.body.data.items.filter((g: { podcastId: string }) =>
      [older.id, newer.id].includes(g.podcastId),
    )
    expect(
      mine.map((g: { title: string; type: string; reports: number }) => [g.title, g.type, g.reports]),
    ).toEqual([
      ['Newer', 'Spam or advertising', 1],
      ['Older', 'Copyright violation', 1],
      ['Older', 'Spam or advertising', 2],
    ])
    expect(mine).toHaveLength(3)
  })

  it(AUDIT_TESTS['PUT /admin/reports/resolve']!, async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const listing = await buildListing(t.app.db)
    await report(listing.id)
    await report(listing.id)
    const c = api()
    const body = { podcastId: listing.id, reportTypeId: SPAM, note: 'Not spam: a giveaway.', action: 'none' }
    const res = await c.put('/admin/reports/resolve', body, { token: admin.token })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ resolved: 2, group: { openReports: 0, reports: 2 } })
    expect(res.body.data.group.resolvedAt).not.toBeNull()
    const again = await c.put('/admin/reports/resolve', body, { token: admin.token })
    expect([again.status, again.body.message]).toEqual([409, 'These reports are already resolved.'])
    const log = await entries({ targetId: listing.id })
    expect(log).toHaveLength(1)
    expect(log[0]).toMatchObject({
      action: 'report.resolve',
      before: { openReports: 2, listingActive: true, ownerBlocked: false },
      after: {
        openReports: 0,
        listingActive: true,
        ownerBlocked: false,
        action: 'none',
        note: 'Not spam: a giveaway.',
      },
    })
    // A new report opens the group again.
    await report(listing.id)
    const open = await c.get('/admin/reports?status=open&limit=100', { token: admin.token })
    expect(open.body.data.items.find((g: { podcastId: string }) => g.podcastId === listing.id)).toMatchObject(
      {
        openReports: 1,
        resolvedAt: null,
      },
    )
  })

  it('unpublishes the listing or blocks its owner when asked, in the same entry', async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const owner = await buildUser(t.app.db, { role: 'publisher' })
    const listing = await buildListing(t.app.db, { create_by: owner.id })
    await report(listing.id, SPAM)
    await report(listing.id, COPYRIGHT)
    const c = api()
    await c.put(
      '/admin/reports/resolve',
      { podcastId: listing.id, reportTypeId: SPAM, note: 'Taken down', action: 'unpublish' },
      { token: admin.token },
    )
    const row = await t.app.db
      .selectFrom('podcasts')
      .select('is_active')
      .where('id', '=', listing.id)
      .executeTakeFirstOrThrow()
    expect(row.is_active).toBe(false)
    t.clock.advance(1000)
    await c.put(
      '/admin/reports/resolve',
      {
        podcastId: listing.id,
        reportTypeId: COPYRIGHT,
        note: 'Repeated copyright abuse.',
        action: 'block_owner',
      },
      { token: admin.token },
    )
    const user = await userRow(owner.id)
    expect([user.is_blocked, user.block_notes]).toEqual([true, 'Repeated copyright abuse.'])
    const log = await entries({ targetId: listing.id })
    expect(log.map((e) => (e.after as { action: string }).action)).toEqual(['unpublish', 'block_owner'])
    expect(log[1]!.after).toMatchObject({ ownerBlocked: true })
  })

  it('does not resolve when the owner to block is an admin: nothing changes', async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const otherAdmin = await buildUser(t.app.db, { role: 'admin' })
    const listing = await buildListing(t.app.db, { create_by: otherAdmin.id })
    await report(listing.id)
    const res = await api().put(
      '/admin/reports/resolve',
      { podcastId: listing.id, reportTypeId: SPAM, note: 'x', action: 'block_owner' },
      { token: admin.token },
    )
    expect(res.status).toBe(403)
    const open = await t.app.db
      .selectFrom('reports')
      .select('resolved_at')
      .where('podcast_id', '=', listing.id)
      .execute()
    expect(open).toEqual([{ resolved_at: null }])
    expect(await entries({ targetId: listing.id })).toEqual([])
  })

  it(AUDIT_TESTS['POST /admin/report-type']!, async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const name = `Hate speech ${newId().slice(-6)}`
    const c = api()
    const res = await c.post('/admin/report-type', { type: name, sortOrder: 7 }, { token: admin.token })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ type: name, isActive: true, sortOrder: 7 })
    const dup = await c.post('/admin/report-type', { type: name }, { token: admin.token })
    expect([dup.status, dup.body.message]).toEqual([409, 'A report type with this name exists already.'])
    const log = await entries({ targetId: res.body.data.id })
    expect(log.map((e) => [e.action, e.before, e.after])).toEqual([
      ['report_type.create', null, res.body.data],
    ])
    // Readers are offered it.
    const offered = await c.get('/get/all/reporttype')
    expect(JSON.stringify(offered.body.data)).toContain(name)
  })

  it(AUDIT_TESTS['PUT /admin/report-type']!, async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const c = api()
    const created = await c.post(
      '/admin/report-type',
      { type: `Old name ${newId().slice(-6)}` },
      { token: admin.token },
    )
    const id = created.body.data.id
    const res = await c.put(
      '/admin/report-type',
      { reportTypeId: id, isActive: false },
      { token: admin.token },
    )
    expect(res.body.data.isActive).toBe(false)
    const log = await entries({ targetId: id, action: 'report_type.update' })
    expect(
      log.map((e) => [
        (e.before as { isActive: boolean }).isActive,
        (e.after as { isActive: boolean }).isActive,
      ]),
    ).toEqual([[true, false]])
    const taken = await c.put(
      '/admin/report-type',
      { reportTypeId: id, type: 'Other' },
      { token: admin.token },
    )
    expect(taken.status).toBe(409)
    expect(
      (await c.put('/admin/report-type', { reportTypeId: newId(), sortOrder: 1 }, { token: admin.token }))
        .status,
    ).toBe(404)
  })
})
