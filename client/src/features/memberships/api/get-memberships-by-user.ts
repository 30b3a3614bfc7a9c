import { queryOptions, useQuery } from '@tanstack/react-query'
import { MembershipsByUser } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'

/** GET /get/all/membershipsByUser?userId=: current plan, plan in effect, plan states, past plans, billing. */
export const getMembershipsByUser = (userId: string) =>
  apiRequest('/get/all/membershipsByUser', { query: { userId }, schema: MembershipsByUser }).then(
    (r) => r.data,
  )

export const membershipsByUserQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['memberships', 'byUser', userId],
    queryFn: () => getMembershipsByUser(userId),
  })

export const useMembershipsByUser = (userId: string | null) =>
  useQuery({ ...membershipsByUserQueryOptions(userId ?? ''), enabled: userId !== null })
