import { usersRepo } from '@bookstrut/accounts'
import { top20Repo } from '@bookstrut/analytics'
import { badRequest, forbidden, notFound } from '@bookstrut/core'
import type { HeldTitle } from '@bookstrut/schemas'
import type { Deps } from '../deps.js'
import { loadUser } from '../../views/user-view.js'

/** Blocks or unblocks an account. Admin accounts cannot be blocked; the note is shown to the blocked user. */
export async function setBlocked(deps: Deps, userId: string, blocked: boolean, notes: string) {
  const target = await usersRepo.findUserById(deps.db, userId)
  if (!target) throw notFound('User not found')
  if (target.role === 'admin') throw forbidden('Admin accounts cannot be blocked.')
  if (blocked && notes.trim() === '') throw badRequest('A note for the user is required.')
  const updated = await usersRepo.updateUser(deps.db, userId, {
    is_blocked: blocked,
    block_notes: blocked ? notes.trim() : '',
    updated_at: deps.clock.now(),
  })
  if (!updated) throw notFound('User not found')
  return loadUser(deps.db, updated)
}

/** The titles the Top 20's anomaly guard held out, latest ranking first (docs/analytics.md, "Anomaly guard"). */
export async function listHeldTitles(deps: Deps, limit: number): Promise<HeldTitle[]> {
  const rows = await top20Repo.heldTitles(deps.db, limit)
  return rows.map((r) => ({
    podcastId: r.podcast_id,
    reason: r.reason === 'address_burst' ? 'address_burst' : 'anonymous_majority',
    score: r.score,
    readers: r.readers,
    details: r.details,
    heldAt: r.held_at.toISOString(),
  }))
}
