import { useQuery } from '@tanstack/react-query'
import { Type } from '@sinclair/typebox'
import { Plan } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'
import { useAdminWrite } from './admin-users'

/** Both sides of the plan catalogue: on sale (status true) and withdrawn (false, admins only). */
export const useAllPlans = () =>
  useQuery({
    queryKey: ['admin', 'plans'],
    queryFn: async () => {
      const [onSale, withdrawn] = await Promise.all(
        [true, false].map((status) =>
          apiRequest('/get/all/memberships', { query: { status }, schema: Type.Array(Plan) }).then(
            (r) => r.data,
          ),
        ),
      )
      return [...(onSale ?? []), ...(withdrawn ?? [])]
    },
  })

/** PUT /admin/membership/plan: only the fields sent change. */
export const useUpdatePlan = () =>
  useAdminWrite(
    (body: { planId: string; price?: number; status?: boolean; bookLimit?: number }) =>
      apiRequest('/admin/membership/plan', { method: 'PUT', body, schema: Plan }),
    // The membership page's plans (features/memberships, key ['memberships', …]).
    [['memberships']],
  )
