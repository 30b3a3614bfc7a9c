import { describe, expect, it } from 'vitest'
import { buildUser } from '@bookstrut/accounts/testing'
import { newId } from '@bookstrut/core'
import { t, api, entries, CONTENT_AUDIT_TEST, useAdminApp } from '../../test/admin-console.js'

// The admin console's content writes (issue 33): each writes one audit entry.

useAdminApp()

describe('content writes', () => {
  /** Each content kind: its route noun and audit target, a body to create one, and a change of one field. */
  const KINDS: Array<{
    kind: string
    targetType: string
    create: Record<string, unknown>
    change: Record<string, unknown>
    field: string
  }> = [
    {
      kind: 'faq',
      targetType: 'faq',
      create: { question: 'Audited?', answer: '<p>Yes.</p>' },
      change: { order: 9 },
      field: 'order',
    },
    {
      kind: 'blog',
      targetType: 'blog_post',
      create: { title: 'Audited post', content: '<p>Hi</p>' },
      change: { title: 'Audited post, renamed' },
      field: 'title',
    },
    {
      kind: 'information',
      targetType: 'information_page',
      create: {
        path: `audited-${newId()}`,
        information_name: 'Audited',
        information_Description: '',
        placeArea: 'menu',
      },
      change: { information_name: 'Audited, renamed' },
      field: 'information_name',
    },
  ]

  it(CONTENT_AUDIT_TEST, async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const reader = await buildUser(t.app.db, { role: 'reader' })
    const c = api()
    const as = { token: admin.token }
    for (const k of KINDS) {
      const made = await c.post(`/create/${k.kind}`, k.create, as)
      expect(made.status, JSON.stringify(made.body)).toBe(200)
      const id: string = made.body.data._id
      const log = () => entries({ targetId: id })
      expect(await log()).toMatchObject([
        { admin_id: admin.id, action: `${k.kind}.create`, target_type: k.targetType, before: null },
      ])
      expect((await log())[0]!.after).not.toHaveProperty('updatedAt')
      expect((await log())[0]!.request_id).toBe(made.headers['x-request-id'])

      // Refused and invalid writes leave no entry.
      const url = `/update/${k.kind}?id=${id}`
      expect((await c.put(url, k.change, { token: reader.token })).status).toBe(403)
      expect((await c.put(url, { ...k.change, role: 'admin' }, as)).status).toBe(400)
      expect((await c.put(`/update/${k.kind}?id=${newId()}`, k.change, as)).status).toBe(404)
      expect(await log()).toHaveLength(1)

      // A change: one entry with before and after; the same change again: none.
      t.clock.advance(1000)
      expect((await c.put(url, k.change, as)).status).toBe(200)
      expect((await c.put(url, k.change, as)).status).toBe(200)
      const [, updated, ...more] = await log()
      expect(more).toEqual([])
      expect(updated).toMatchObject({ action: `${k.kind}.update`, after: { [k.field]: k.change[k.field] } })
      expect((updated!.before as Record<string, unknown>)[k.field]).not.toEqual(k.change[k.field])

      // A delete records what was there; deleting it again is a 404 and records nothing.
      t.clock.advance(1000)
      expect((await c.delete(`/delete/${k.kind}?id=${id}`, as)).status).toBe(200)
      expect((await c.delete(`/delete/${k.kind}?id=${id}`, as)).status).toBe(404)
      expect((await log()).map((e) => [e.action, e.after])).toEqual([
        [`${k.kind}.create`, updated!.before],
        [`${k.kind}.update`, updated!.after],
        [`${k.kind}.delete`, null],
      ])
      expect((await log())[2]!.before).toEqual(updated!.after)
    }
  })

  it('lists every information page for the editor, unpublished ones with their HTML too; the public list only the published', async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const as = { token: admin.token }
    const path = `draft-${newId()}`
    const made = await api().post(
      '/create/information',
      {
        path,
        information_name: 'Draft page',
        information_Description: '<p>Soon.</p><script>alert(1)</script>',
        placeArea: 'menu',
        isActive: false,
      },
      as,
    )
    expect(made.status).toBe(200)
    const all = await api().get('/admin/information', as)
    expect(all.status).toBe(200)
    expect(all.body.data.find((p: { path: string }) => p.path === path)).toMatchObject({
      information_name: 'Draft page',
      information_Description: '<p>Soon.</p>',
      isActive: false,
      placeArea: 'menu',
    })
    const links = await api().get('/get/all/information')
    expect(links.body.data.map((p: { path: string }) => p.path)).not.toContain(path)
  })

  it('records a settings change once, with the settings before and after; a refused or invalid one not at all', async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const reader = await buildUser(t.app.db, { role: 'reader' })
    const c = api()
    const as = { token: admin.token }
    const log = () => entries({ action: 'settings.update' })
    const video = `https://example.com/${newId()}.mp4`
    const before = (await log()).length
    expect((await c.put('/update/settings', { homePageMedia: video }, { token: reader.token })).status).toBe(
      403,
    )
    expect((await c.put('/update/settings', { YouTube: 'javascript:alert(1)' }, as)).status).toBe(400)
    expect((await log()).length).toBe(before)
    expect((await c.put('/update/settings', { homePageMedia: video }, as)).status).toBe(200)
    expect((await c.put('/update/settings', { homePageMedia: video }, as)).status).toBe(200)
    const added = (await log()).slice(before)
    expect(added).toHaveLength(1)
    expect(added[0]).toMatchObject({
      admin_id: admin.id,
      target_type: 'settings',
      after: [{ homePageMedia: video }],
    })
    expect((added[0]!.before as Array<{ homePageMedia: string }>)[0]!.homePageMedia).not.toBe(video)
  })
})
