import { usersRepo, type UserRow } from '@bookstrut/accounts'
import { membershipsRepo } from '@bookstrut/billing'
import { notFound, pageWindow, type Deps } from '@bookstrut/core'
import type { AdminUser, AdminUserDetail, AdminUsersPage, AdminUsersQuery } from '@bookstrut/schemas'
import * as adminConsoleRepo from '../db/admin-console.repository.js'
import { consolePage } from './console-page.js'
import { toReportGroup } from './reports.js'

export const toAdminUser = (u: UserRow): AdminUser => ({
  id: u.id,
  email: u.email,
  firstName: u.first_name,
  lastName: u.last_name,
  role: u.role,
  isVerified: u.is_verified,
  isBlocked: u.is_blocked,
  blockNotes: u.block_notes,
  createdAt: u.created_at.toISOString(),
})

/** Accounts by part of their name or address, role and status, newest first. */
export async function searchUsers(deps: Deps, query: AdminUsersQuery): Promise<AdminUsersPage> {
  const window = pageWindow(query.page ?? 1, query.limit ?? 20)
  const search = { q: query.q?.trim() || undefined, role: query.role, status: query.status }
  return consolePage(
    window,
    adminConsoleRepo.searchUsers(deps.db, search, window),
    adminConsoleRepo.countUsers(deps.db, search),
    toAdminUser,
  )
}

/** One account with its listings, its current plan and the reports against its listings. */
export async function userDetail(deps: Deps, userId: string): Promise<AdminUserDetail> {
  const user = await usersRepo.findUserById(deps.db, userId)
  if (!user) throw notFound('User not found')
  const [listings, membership, reports] = await Promise.all([
    adminConsoleRepo.listingsOf(deps.db, userId),
    membershipsRepo.currentMembership(deps.db, userId),
    adminConsoleRepo.listReportGroups(deps.db, { ownerId: userId }, { limit: 100, offset: 0 }),
  ])
  return {
    user: toAdminUser(user),
    listings: listings.map((l) => ({
      id: l.id,
      title: l.title,
      status: l.status,
      isActive: l.is_active,
      createdAt: l.created_at.toISOString(),
    })),
    plan: membership
      ? {
          planId: membership.plan_id,
          planName: membership.plan_name,
          expiryDate: membership.expiry_date ? membership.expiry_date.toISOString() : null,
        }
      : null,
    reports: reports.map(toReportGroup),
  }
}
