import { top20Repo } from '@bookstrut/analytics'
import { audited, notFound, recorded, type AdminActor, type Deps } from '@bookstrut/core'
import type { HeldBookDecision, PageTraffic, Top20Current, Top20DecisionBody } from '@bookstrut/schemas'
import * as adminConsoleRepo from '../db/admin-console.repository.js'

/** The views of each book's page in the last 7 and 30 days, by book id; null when the analytics store does not answer. */
export type BookTraffic = (bookIds: readonly string[], now: Date) => Promise<Map<string, PageTraffic> | null>

/** How long a release lets a title rank despite the guard: the ranking's own window (7 days of engagement). */
export const RELEASE_DAYS = 7
/** A keep has no end: it stays until an admin releases the title. */
const FOREVER = new Date('9999-12-31T00:00:00Z')

/** The newest ranking with each title's counted engagement and days in the Top 20. */
export async function currentTop20(deps: Deps & { bookTraffic: BookTraffic }): Promise<Top20Current> {
  const ranking = await top20Repo.latestRanking(deps.db)
  if (!ranking) return { computedAt: null, entries: [] }
  const ids = ranking.entries.map((e) => e.podcast_id)
  const [titles, days, traffic] = await Promise.all([
    adminConsoleRepo.titlesOf(deps.db, ids),
    adminConsoleRepo.daysInTop20Of(deps.db, ids),
    deps.bookTraffic(ids, deps.clock.now()),
  ])
  return {
    computedAt: ranking.computedAt.toISOString(),
    entries: ranking.entries.map((e) => ({
      position: e.position,
      podcastId: e.podcast_id,
      title: titles.get(e.podcast_id) ?? '',
      score: e.score,
      readers: e.readers,
      daysInTop20: days.get(e.podcast_id) ?? 0,
      views7d: traffic?.get(e.podcast_id)?.views7d ?? null,
      views30d: traffic?.get(e.podcast_id)?.views30d ?? null,
    })),
  }
}

/** The titles the Top 20's anomaly guard held out (docs/analytics.md, "Anomaly guard"), latest first, with an admin's word. */
export async function listHeldBooks(deps: Deps, limit: number): Promise<HeldBookDecision[]> {
  const rows = await top20Repo.heldBooks(deps.db, limit)
  const ids = rows.map((r) => r.podcast_id)
  const [titles, decisions] = await Promise.all([
    adminConsoleRepo.titlesOf(deps.db, ids),
    adminConsoleRepo.releasesOf(deps.db, ids),
  ])
  const now = deps.clock.now()
  return rows.map((r) => {
    const decided = decisions.get(r.podcast_id)
    // A release that ran out is no word any more: the guard decides again.
    const current = decided && decided.until > now ? decided : undefined
    return {
      podcastId: r.podcast_id,
      title: titles.get(r.podcast_id) ?? '',
      reason: r.reason === 'address_burst' ? 'address_burst' : 'anonymous_majority',
      score: r.score,
      readers: r.readers,
      details: r.details,
      heldAt: r.held_at.toISOString(),
      decision: current?.decision ?? null,
      decidedUntil: current?.decision === 'release' ? current.until.toISOString() : null,
    }
  })
}

/**
 * Releases a held title (the next rankings count it on its engagement for RELEASE_DAYS despite the guard) or keeps
 * it held (audited: top20.release / top20.keep). Only a title the guard held can be decided on.
 */
export async function decideHeldBook(deps: Deps, actor: AdminActor, body: Top20DecisionBody) {
  return audited(deps, actor, async (trx) => {
    const held = await trx
      .selectFrom('top20_held')
      .select('podcast_id')
      .where('podcast_id', '=', body.podcastId)
      .limit(1)
      .executeTakeFirst()
    if (!held) throw notFound('The anomaly guard holds no such title.')
    const now = deps.clock.now()
    const [earlier] = (await adminConsoleRepo.releasesOf(trx, [body.podcastId])).values()
    const state = (d: { decision: string; until: Date } | undefined) =>
      d && d.until > now ? { decision: d.decision, until: d.until.toISOString() } : null
    // The same word again while it stands changes nothing (a repeated click): no new entry, the release not extended.
    if (earlier && earlier.decision === body.decision && earlier.until > now) {
      const standing = state(earlier)
      return recorded(
        {
          podcastId: body.podcastId,
          decision: body.decision,
          decidedUntil: earlier.until.toISOString(),
        },
        `top20.${body.decision}`,
        ['top20_title', body.podcastId],
        standing,
        standing,
      )
    }
    const until = body.decision === 'release' ? new Date(now.getTime() + RELEASE_DAYS * 86_400_000) : FOREVER
    await adminConsoleRepo.decideRelease(trx, {
      podcast_id: body.podcastId,
      decision: body.decision,
      until,
      decided_by: actor.id,
      decided_at: now,
    })
    return recorded(
      { podcastId: body.podcastId, decision: body.decision, decidedUntil: until.toISOString() },
      `top20.${body.decision}`,
      ['top20_title', body.podcastId],
      state(earlier),
      state({ decision: body.decision, until }),
    )
  })
}
