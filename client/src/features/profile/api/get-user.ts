import { queryOptions, useQuery } from '@tanstack/react-query'
import { SingleUserData, User } from '@bookstrut/schemas'
import { Value } from '@sinclair/typebox/value'
import { ApiError, apiRequest, GENERIC_ERROR } from '@/lib/api-client'

/**
 * GET /get/single/user?userId=<own id>. For one's own id the server answers the owner view (`User`);
 * anything else (the public profile) means the page cannot edit it.
 */
export async function getOwnUser(userId: string): Promise<User> {
  const { data } = await apiRequest('/get/single/user', { query: { userId }, schema: SingleUserData })
  if (!Value.Check(User, data)) throw new ApiError(200, 'BAD_RESPONSE', GENERIC_ERROR)
  return data
}

export const ownUserQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['users', userId], queryFn: () => getOwnUser(userId) })

export const useOwnUser = (userId: string | null) =>
  useQuery({ ...ownUserQueryOptions(userId ?? ''), enabled: userId !== null })
