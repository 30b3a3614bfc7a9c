import { queryOptions, useQuery } from '@tanstack/react-query'
import { Type } from '@sinclair/typebox'
import { Plan } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'

/** GET /get/all/memberships?status=true: the plans on sale, in catalogue order. */
export const getPlans = () =>
  apiRequest('/get/all/memberships', {
    query: { status: true },
    schema: Type.Array(Plan),
    auth: false,
  }).then((r) => r.data)

export const plansQueryOptions = () =>
  queryOptions({ queryKey: ['memberships', 'plans'], queryFn: getPlans, staleTime: 5 * 60_000 })

export const usePlans = () => useQuery(plansQueryOptions())
