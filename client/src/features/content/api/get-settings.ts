import { queryOptions, useQuery } from '@tanstack/react-query'
import { Type } from '@sinclair/typebox'
import { Settings } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'

/** GET /get/all/settings: a list of one settings record (social links, support address). */
export const getSettings = async () =>
  (await apiRequest('/get/all/settings', { schema: Type.Array(Settings) })).data

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: ['settings'], queryFn: getSettings, staleTime: 10 * 60_000 })

/** data[0], or undefined while loading or when the call fails. */
export function useSettings() {
  return useQuery({ ...settingsQueryOptions(), select: (list) => list[0] }).data
}

export const socialNetworks = ['Facebook', 'Instagram', 'YouTube', 'TikTok'] as const
export type SocialNetwork = (typeof socialNetworks)[number]
