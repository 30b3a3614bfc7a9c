import { queryOptions, useQuery } from '@tanstack/react-query'
import { UpgradeQuote } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'

/** GET /get/membership/quote?planId=: what the upgrade costs now, computed by the server (shown, never sent). */
export const getQuote = (planId: string) =>
  apiRequest('/get/membership/quote', { query: { planId }, schema: UpgradeQuote }).then((r) => r.data)

export const quoteQueryOptions = (planId: string) =>
  queryOptions({
    queryKey: ['memberships', 'quote', planId],
    queryFn: () => getQuote(planId),
    staleTime: 0,
    retry: false,
  })

export const useQuote = (planId: string) => useQuery(quoteQueryOptions(planId))
