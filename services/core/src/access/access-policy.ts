import type { Role } from '@bookstrut/schemas'

/** The part of an account (@bookstrut/accounts' users row) the rules read. */
export interface AccountRole {
  id: string
  role: Role
}

/*
 * Who may do what, as pure functions of the caller's account row: route services and the HTTP layer apply the
 * same rules, and none of them needs a request to ask.
 */

export const isAdmin = (user: Pick<AccountRole, 'role'>) => user.role === 'admin'

/** The caller acts for `userId`: it is their own account, or they are an admin. Anonymous callers never do. */
export const actsFor = (user: AccountRole | null | undefined, userId: string) =>
  user != null && (user.id === userId || isAdmin(user))

/**
 * Whose items a caller may address by id: their own (their id, the filter a repository applies), or anyone's for
 * an admin (null: no owner filter). Another user's item then answers like a missing one.
 */
export const ownerScope = (user: AccountRole): string | null => (isAdmin(user) ? null : user.id)
