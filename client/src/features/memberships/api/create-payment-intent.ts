import { useMutation } from '@tanstack/react-query'
import { PaymentIntentData, type BillingDetails } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'

export interface PaymentIntentInput {
  planId: string
  billing: BillingDetails
}

/** POST /create/payment-intent: the server computes the amount and answers Stripe's client secret. */
export const createPaymentIntent = ({ planId, billing }: PaymentIntentInput) =>
  apiRequest('/create/payment-intent', {
    method: 'POST',
    body: { planId, billing },
    schema: PaymentIntentData,
  }).then((r) => r.data)

export const useCreatePaymentIntent = () => useMutation({ mutationFn: createPaymentIntent })
