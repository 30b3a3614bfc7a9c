import { describe, expect, it } from 'vitest'
import { buildUser } from '@bookstrut/accounts/testing'
import { buildListing } from '@bookstrut/core/testing'
import { t, api, ESSENTIAL_PLAN, entries, AUDIT_TESTS, useAdminApp } from '../../test/admin-console.js'

// The admin console's moderation and plans (issue 33), audited.

useAdminApp()

describe('moderation and plans', () => {
  it(AUDIT_TESTS['PUT /admin/podcast/status']!, async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const listing = await buildListing(t.app.db, { status: 0 })
    const c = api()
    const res = await c.put(
      '/admin/podcast/status',
      { podcastId: listing.id, status: 2, statusComment: 'Cover is blurry' },
      { token: admin.token },
    )
    expect(res.status).toBe(200)
    const noComment = await c.put(
      '/admin/podcast/status',
      { podcastId: listing.id, status: 2 },
      { token: admin.token },
    )
    expect(noComment.status).toBe(400)
    const log = await entries({ targetId: listing.id })
    expect(log.map((e) => [e.action, e.before, e.after])).toEqual([
      ['listing.moderate', { status: 0, statusComment: '' }, { status: 2, statusComment: 'Cover is blurry' }],
    ])
  })

  it(AUDIT_TESTS['PUT /admin/membership/plan']!, async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const c = api()
    const res = await c.put(
      '/admin/membership/plan',
      { planId: ESSENTIAL_PLAN, price: 6.49 },
      { token: admin.token },
    )
    expect(res.status).toBe(200)
    const bad = await c.put(
      '/admin/membership/plan',
      { planId: ESSENTIAL_PLAN, price: 0.5 },
      { token: admin.token },
    )
    expect([bad.status, bad.body.message]).toEqual([400, 'price: a paid plan costs at least 1.00 a month'])
    const log = await entries({ targetId: ESSENTIAL_PLAN, action: 'plan.update' })
    expect(log.at(-1)).toMatchObject({
      admin_id: admin.id,
      after: { price: 6.49, status: true, bookLimit: 2 },
    })
    const shown = await c.get('/get/all/memberships?status=true')
    expect(shown.body.data.find((p: { _id: string }) => p._id === ESSENTIAL_PLAN).price).toBe(6.49)
    await c.put('/admin/membership/plan', { planId: ESSENTIAL_PLAN, price: 5.99 }, { token: admin.token })
  })
})
