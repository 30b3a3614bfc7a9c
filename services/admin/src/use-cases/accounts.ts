import { usersRepo, type UserRow } from '@bookstrut/accounts'
import {
  audited,
  badRequest,
  conflict,
  forbidden,
  notFound,
  recorded,
  type AdminActor,
  type DbOrTx,
  type Deps,
} from '@bookstrut/core'
import type { Role } from '@bookstrut/schemas'
import * as adminConsoleRepo from '../db/admin-console.repository.js'

/** The part of an account an admin changes, as the audit log records it. */
const accountState = (u: Pick<UserRow, 'role' | 'is_blocked' | 'block_notes'>) => ({
  role: u.role,
  isBlocked: u.is_blocked,
  blockNotes: u.block_notes,
})

/**
 * Blocks or unblocks an account, in the caller's transaction when there is one. Admin accounts cannot be blocked
 * (demote first), nor can the caller block themselves; the note is shown to the blocked user.
 */
export async function blockAccount(
  trx: DbOrTx,
  actor: AdminActor,
  userId: string,
  change: { blocked: boolean; notes: string; at: Date },
) {
  const target = await adminConsoleRepo.lockUser(trx, userId)
  if (!target) throw notFound('User not found')
  if (target.id === actor.id) throw forbidden('You cannot block your own account.')
  if (target.role === 'admin') throw forbidden('Admin accounts cannot be blocked. Change their role first.')
  if (change.blocked && change.notes.trim() === '') throw badRequest('A note for the user is required.')
  const updated = await usersRepo.updateUser(trx, userId, {
    is_blocked: change.blocked,
    block_notes: change.blocked ? change.notes.trim() : '',
    updated_at: change.at,
  })
  if (!updated) throw notFound('User not found')
  return { before: target, after: updated }
}

/** Blocks or unblocks an account (audited: user.block / user.unblock). */
export async function setBlocked(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: AdminActor,
  userId: string,
  blocked: boolean,
  notes: string,
) {
  const row = await audited(deps, actor, async (trx) => {
    const { before, after } = await blockAccount(trx, actor, userId, { blocked, notes, at: deps.clock.now() })
    return recorded(
      after,
      blocked ? 'user.block' : 'user.unblock',
      ['user', userId],
      accountState(before),
      accountState(after),
    )
  })
  return row
}

/**
 * Changes an account's role (audited: user.role). An admin cannot change their own role, and the last admin who
 * is not blocked stays an admin: the admins are locked first, so two admins demoting each other cannot both win.
 */
export async function setRole(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: AdminActor,
  userId: string,
  role: Role,
) {
  const row = await audited(deps, actor, async (trx) => {
    const admins = await adminConsoleRepo.lockActiveAdmins(trx)
    const target = await adminConsoleRepo.lockUser(trx, userId)
    if (!target) throw notFound('User not found')
    if (target.id === actor.id) throw forbidden('You cannot change your own role.')
    if (target.is_blocked && role === 'admin')
      throw conflict('Unblock the account before making it an admin.')
    const demotesAnAdmin = target.role === 'admin' && role !== 'admin'
    if (demotesAnAdmin && admins.filter((a) => a.id !== target.id).length === 0)
      throw conflict('This is the last admin: make another admin first.')
    const after =
      target.role === role
        ? target
        : await usersRepo.updateUser(trx, userId, { role, updated_at: deps.clock.now() })
    if (!after) throw notFound('User not found')
    return recorded(after, 'user.role', ['user', userId], accountState(target), accountState(after))
  })
  return row
}
