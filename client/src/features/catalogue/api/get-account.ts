import { queryOptions, useQuery } from '@tanstack/react-query'
import { PublicProfile, SingleUserData, User } from '@bookstrut/schemas'
import { Value } from '@sinclair/typebox/value'
import { apiRequest } from '@/lib/api-client'

/**
 * GET /get/single/user?userId= : the whole account for its owner (plan, books listed, blocked flag) or the
 * public profile for anybody else. Cached under ['users', id], the key the profile page uses too.
 */
export const getAccount = (userId: string) =>
  apiRequest('/get/single/user', { query: { userId }, schema: SingleUserData }).then((r) => r.data)

export const accountQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['users', userId], queryFn: () => getAccount(userId) })

/** The caller's own account (with its membership), or undefined while loading / signed out. */
export function useOwnAccount(userId: string | null) {
  const query = useQuery({ ...accountQueryOptions(userId ?? ''), enabled: userId !== null })
  const own = query.data && Value.Check(User, query.data) ? query.data : undefined
  return { ...query, account: own }
}

/** An author's public profile. */
export function useAuthorProfile(authorId: string | undefined) {
  return useQuery({
    ...accountQueryOptions(authorId ?? ''),
    enabled: Boolean(authorId),
    select: (data): PublicProfile => data,
  })
}
