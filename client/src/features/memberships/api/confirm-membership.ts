import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Type } from '@sinclair/typebox'
import { Membership, PaymentStatus } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'

const ConfirmedMembership = Type.Object({
  status: PaymentStatus,
  membership: Type.Union([Membership, Type.Null()]),
})

/** POST /create/user/membership: the server asks Stripe and applies the plan only for a confirmed payment. */
export const confirmMembership = (paymentId: string) =>
  apiRequest('/create/user/membership', {
    method: 'POST',
    body: { paymentId },
    schema: ConfirmedMembership,
  })

/** On success the user (plan, limits) and the memberships are fetched again. */
export function useConfirmMembership() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: confirmMembership,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['memberships'] }),
      ])
    },
  })
}
