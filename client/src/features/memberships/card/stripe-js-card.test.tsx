import { renderHook } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '@/lib/query-client'
import { paymentConfigQueryOptions } from '../api/get-payment-config'
import { useStripeCardLoader } from './stripe-js-card'

// The publishable key comes from the server at run time (GET /get/payment/config), read before Stripe.js loads.

afterEach(() => {
  delete window.Stripe
  document.head.querySelectorAll('script').forEach((s) => s.remove())
})

function loaderWith(queryClient = createQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  return renderHook(() => useStripeCardLoader(), { wrapper }).result.current
}

describe('the Stripe card loader', () => {
  it('asks the server for the key and loads no script when it has none (the test API has no Stripe)', async () => {
    const load = loaderWith()
    await expect(load()).resolves.toBeNull()
    expect(document.head.querySelector('script')).toBeNull()
  })

  it("starts Stripe.js with the server's publishable key", async () => {
    const queryClient = createQueryClient()
    queryClient.setQueryData(paymentConfigQueryOptions().queryKey, { publishableKey: 'pk_test_runtime' })
    const factory = vi.fn(() => ({
      elements: () => ({ create: () => ({ mount: () => {}, destroy: () => {} }) }),
      confirmCardPayment: () => Promise.resolve({ paymentIntent: { status: 'succeeded' } }),
    }))
    window.Stripe = factory
    const provider = await loaderWith(queryClient)()
    expect(provider).not.toBeNull()
    expect(factory).toHaveBeenCalledWith('pk_test_runtime')
  })
})
