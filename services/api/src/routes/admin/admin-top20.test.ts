import { describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { buildUser } from '@bookstrut/accounts/testing'
import { insertEvents, top20Repo } from '@bookstrut/analytics'
import { newId } from '@bookstrut/core'
import { buildListing } from '@bookstrut/core/testing'
import { t, api, entries, heldBook, AUDIT_TESTS, useAdminApp } from '../../test/admin-console.js'

// The admin console's Top 20 (issue 33): held titles and their release, audited.

useAdminApp()

describe('the Top 20', () => {
  it('shows the current ranking with each title’s engagement, days in the Top 20 and page views', async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const [first, second] = [
      await buildListing(t.app.db, { title: 'First' }),
      await buildListing(t.app.db, { title: 'Second' }),
    ]
    const rank = (at: Date) =>
      t.app.db.transaction().execute((trx) =>
        top20Repo.saveRanking(trx, {
          id: newId(at.getTime()),
          computedAt: at,
          entries: [
            { bookId: first.id, score: 30, readers: 12 },
            { bookId: second.id, score: 10, readers: 4 },
          ],
        }),
      )
    await rank(new Date(Date.now() + 86_400_000))
    await rank(new Date(Date.now() + 2 * 86_400_000))
    // Views of the first title's page: one visitor twice in a half hour (once), another, and one 10 days ago.
    const now = t.clock.now().getTime()
    const view = (visitor: string, msAgo: number) => ({
      id: randomUUID(),
      type: 'page_view' as const,
      ts: new Date(now - msAgo).toISOString(),
      podcastId: '' as const,
      page: `/single-book/${first.id}`,
      episodeId: null,
      userId: null,
      anonymousId: `${visitor.repeat(16)}-0`,
    })
    // Visitor a's two views fall in one clock-aligned half hour (the previous one, wholly past), whatever the time:
    // "1 and 2 minutes ago" straddled :00 or :30 when the suite ran a minute or two after it, and counted twice.
    const halfHour = 1_800_000
    const previousHalfHourAgo = now - (Math.floor(now / halfHour) * halfHour - halfHour)
    await insertEvents(
      await t.app.analytics.ready(),
      [
        view('a', previousHalfHourAgo - 60_000),
        view('a', previousHalfHourAgo - 120_000),
        view('b', 60_000),
        view('c', 10 * 86_400_000),
      ],
      new Date(),
    )
    const res = await api().get('/admin/top20', { token: admin.token })
    expect(res.body.data.entries).toEqual([
      {
        position: 1,
        podcastId: first.id,
        title: 'First',
        score: 30,
        readers: 12,
        daysInTop20: 2,
        views7d: 2,
        views30d: 3,
      },
      {
        position: 2,
        podcastId: second.id,
        title: 'Second',
        score: 10,
        readers: 4,
        daysInTop20: 2,
        views7d: 0,
        views30d: 0,
      },
    ])
  })

  it(AUDIT_TESTS['PUT /admin/top20/held']!, async () => {
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const listing = await buildListing(t.app.db, { title: 'Suspicious' })
    await heldBook(listing.id)
    const c = api()
    const held = async () =>
      (await c.get('/admin/top20/held?limit=100', { token: admin.token })).body.data.find(
        (h: { podcastId: string }) => h.podcastId === listing.id,
      )
    expect(await held()).toMatchObject({ title: 'Suspicious', reason: 'anonymous_majority', decision: null })
    const res = await c.put(
      '/admin/top20/held',
      { podcastId: listing.id, decision: 'release' },
      { token: admin.token },
    )
    expect(res.status).toBe(200)
    await c.put('/admin/top20/held', { podcastId: listing.id, decision: 'release' }, { token: admin.token })
    expect(await held()).toMatchObject({ decision: 'release', decidedUntil: res.body.data.decidedUntil })
    const released = await t.app.db
      .selectFrom('top20_releases')
      .selectAll()
      .where('podcast_id', '=', listing.id)
      .execute()
    expect(released.map((r) => r.decision)).toEqual(['release'])
    t.clock.advance(1000)
    await c.put('/admin/top20/held', { podcastId: listing.id, decision: 'keep' }, { token: admin.token })
    const log = await entries({ targetId: listing.id })
    expect(log.map((e) => e.action)).toEqual(['top20.release', 'top20.keep'])
    expect(log[0]!.before).toBeNull()
    expect(
      (await c.put('/admin/top20/held', { podcastId: newId(), decision: 'keep' }, { token: admin.token }))
        .status,
    ).toBe(404)
  })
})
