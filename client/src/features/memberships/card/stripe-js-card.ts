import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { BillingDetails } from '@bookstrut/schemas'
import { env } from '@/config/env'
import { paymentConfigQueryOptions } from '../api/get-payment-config'
import type { CardField, CardProvider, CardProviderLoader } from './card-provider'

/* The few parts of Stripe.js (https://docs.stripe.com/js) the card step uses. */
interface StripeCardElement {
  mount(target: HTMLElement): void
  destroy(): void
}
interface StripeError {
  message?: string
}
interface StripeJs {
  elements(): { create(type: 'card', options?: { hidePostalCode?: boolean }): StripeCardElement }
  confirmCardPayment(
    clientSecret: string,
    data: {
      payment_method: {
        card: StripeCardElement
        billing_details: {
          name: string
          email: string
          address: {
            line1: string
            city: string
            country: string
            state: string
            postal_code: string
          }
        }
      }
    },
  ): Promise<{ error?: StripeError; paymentIntent?: { status: string } }>
}
type StripeFactory = (publishableKey: string) => StripeJs

declare global {
  interface Window {
    Stripe?: StripeFactory
  }
}

function injectScript(src: string): Promise<StripeFactory> {
  return new Promise((resolve, reject) => {
    if (window.Stripe) return resolve(window.Stripe)
    const script = document.createElement('script')
    script.src = src
    script.async = true
    script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js missing')))
    script.onerror = () => reject(new Error('Stripe.js failed to load'))
    document.head.appendChild(script)
  })
}

class StripeCardField implements CardField {
  constructor(readonly element: StripeCardElement) {}
  mount(target: HTMLElement) {
    this.element.mount(target)
  }
  destroy() {
    this.element.destroy()
  }
}

function stripeProvider(stripe: StripeJs): CardProvider {
  return {
    createCardField: () => new StripeCardField(stripe.elements().create('card', { hidePostalCode: true })),
    async confirm(field, clientSecret, billing: BillingDetails) {
      if (!(field instanceof StripeCardField))
        return { ok: false, message: 'Payment method is not available.' }
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: {
          card: field.element,
          billing_details: {
            name: billing.name,
            email: billing.email,
            address: {
              line1: billing.address_line1,
              city: billing.address_city,
              country: billing.country,
              state: billing.address_state,
              postal_code: billing.address_zip,
            },
          },
        },
      })
      if (result.error)
        return { ok: false, message: result.error.message ?? 'Payment failed. Please try again.' }
      return { ok: true }
    },
  }
}

let loading: Promise<CardProvider> | undefined

/**
 * Stripe.js from env.stripeJsUrl (js.stripe.com by default; a stand-in script in tests) with the given publishable
 * key; a script that fails to load rejects (card unavailable) and is tried again next time.
 */
export function loadStripeJs(publishableKey: string): Promise<CardProvider> {
  loading ??= injectScript(env.stripeJsUrl)
    .then((factory) => stripeProvider(factory(publishableKey)))
    .catch((e: unknown) => {
      loading = undefined
      throw e
    })
  return loading
}

/**
 * The production card loader: first the server's payment configuration (GET /get/payment/config, through the
 * query cache), then Stripe.js with its publishable key. No key: null (payments not configured), and no script.
 */
export function useStripeCardLoader(): CardProviderLoader {
  const queryClient = useQueryClient()
  return useCallback(
    () =>
      queryClient
        .fetchQuery(paymentConfigQueryOptions())
        .then(({ publishableKey }) => (publishableKey ? loadStripeJs(publishableKey) : null)),
    [queryClient],
  )
}
