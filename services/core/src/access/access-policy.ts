import { blocked, forbidden } from '../errors.js'
import type { UserRow } from '../db/accounts.tables.js'

/*
 * Who may do what, as pure functions of the caller's account row: route services and the HTTP layer apply the
 * same rules, and none of them needs a request to ask.
 */

export const isAdmin = (user: Pick<UserRow, 'role'>) => user.role === 'admin'

/** The caller acts for `userId`: it is their own account, or they are an admin. Anonymous callers never do. */
export const actsFor = (user: Pick<UserRow, 'id' | 'role'> | null | undefined, userId: string) =>
  user != null && (user.id === userId || isAdmin(user))

/**
 * Whose items a caller may address by id: their own (their id, the filter a repository applies), or anyone's for
 * an admin (null: no owner filter). Another user's item then answers like a missing one.
 */
export const ownerScope = (user: Pick<UserRow, 'id' | 'role'>): string | null =>
  isAdmin(user) ? null : user.id

/** Ids sent by the client must be the caller's own, unless the caller is an admin (403 otherwise). */
export function assertSelfOrAdmin(user: Pick<UserRow, 'id' | 'role'> | null | undefined, userId: string) {
  if (!actsFor(user, userId)) throw forbidden('You can only act on your own account.')
}

/** A `userid` sent with a read, when sent, must be the caller's own (or the caller an admin). */
export function assertCallerId(
  user: Pick<UserRow, 'id' | 'role'> | null | undefined,
  userId: string | undefined,
) {
  if (userId !== undefined) assertSelfOrAdmin(user, userId)
}

/** Blocked accounts may read but not write: 403 with the blocked flag and the admin's note. */
export function assertNotBlocked(user: Pick<UserRow, 'is_blocked' | 'block_notes'>) {
  if (user.is_blocked) throw blocked(user.block_notes)
}

export function assertAdmin(user: Pick<UserRow, 'role'>) {
  if (!isAdmin(user)) throw forbidden('This action needs an admin account.')
}
