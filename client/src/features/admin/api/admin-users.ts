import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  AdminUserDetail,
  AdminUsersPage,
  User,
  type AdminUsersQuery,
  type GrantPlanBody,
  type Role,
} from '@bookstrut/schemas'
import { useAdminList } from './admin-list'
import { withBookId } from '@/api/book'
import { apiRequest } from '@/lib/api-client'

/** GET /admin/users: accounts by part of the name or e-mail, role and status. */
export const useAdminUsers = (query: AdminUsersQuery) =>
  useAdminList('users', '/admin/users', AdminUsersPage, { ...query })

/** GET /admin/user?userId: the account, its listings, plan and the reports against it. */
export const useAdminUser = (userId: string) =>
  useQuery({
    queryKey: ['admin', 'user', userId],
    queryFn: () =>
      apiRequest('/admin/user', { query: { userId }, schema: AdminUserDetail }).then((r) => ({
        ...r.data,
        reports: r.data.reports.map(withBookId),
      })),
  })

/**
 * Every admin write refreshes the console's lists (and the audit log) once it is done, and the public data it
 * changed (`alsoRefresh`, query key prefixes), so the admin's own next page shows the change too.
 */
export const useAdminWrite = <Input>(
  write: (input: Input) => Promise<{ message: string }>,
  alsoRefresh: readonly (readonly string[])[] = [],
) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: () =>
      Promise.all([['admin'], ...alsoRefresh].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  })
}

/** POST /admin/block/user or /admin/unblock/user. */
export const useSetBlocked = () =>
  useAdminWrite((input: { userId: string; blocked: boolean; notes: string }) =>
    input.blocked
      ? apiRequest('/admin/block/user', {
          method: 'POST',
          body: { userId: input.userId, notes: input.notes },
          schema: User,
        })
      : apiRequest('/admin/unblock/user', { method: 'POST', body: { userId: input.userId }, schema: User }),
  )

/** PUT /admin/user/role. */
export const useSetRole = () =>
  useAdminWrite((body: { userId: string; role: Role }) =>
    apiRequest('/admin/user/role', { method: 'PUT', body, schema: User }),
  )

/** POST /admin/user/plan: a complimentary plan or an extension, with an end date and a reason (issue 48). */
export const useGrantPlan = () =>
  useAdminWrite(
    (body: GrantPlanBody) =>
      apiRequest('/admin/user/plan', { method: 'POST', body, schema: AdminUserDetail.properties.plan }),
    // The member's own membership page (features/memberships, key ['memberships', …]).
    [['memberships']],
  )
