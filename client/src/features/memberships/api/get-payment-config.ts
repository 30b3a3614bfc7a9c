import { queryOptions } from '@tanstack/react-query'
import { PaymentConfig } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'

/** GET /get/payment/config: Stripe's publishable key, set on the server at run time (null: not configured). */
export const getPaymentConfig = () =>
  apiRequest('/get/payment/config', { schema: PaymentConfig }).then((r) => r.data)

export const paymentConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['payments', 'config'],
    queryFn: getPaymentConfig,
    staleTime: Infinity,
  })
