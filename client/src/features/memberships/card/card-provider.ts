import { createContext, useContext } from 'react'
import type { BillingDetails } from '@bookstrut/schemas'

/** A mounted card input (Stripe Elements' card element in production). */
export interface CardField {
  mount(target: HTMLElement): void
  destroy(): void
}

export type CardConfirmation = { ok: true } | { ok: false; message: string }

/**
 * The card step of paying, kept behind this small adapter: production loads Stripe.js (stripe-js-card.ts), the
 * tests may pass another. The amount is never the browser's: it confirms the server's PaymentIntent.
 */
export interface CardProvider {
  createCardField(): CardField
  confirm(field: CardField, clientSecret: string, billing: BillingDetails): Promise<CardConfirmation>
}

/** Loads the provider (once); null when payments are not configured in this build. */
export type CardProviderLoader = () => Promise<CardProvider | null>

export const CardProviderContext = createContext<CardProviderLoader | null>(null)

export function useCardProviderLoader(fallback: CardProviderLoader): CardProviderLoader {
  return useContext(CardProviderContext) ?? fallback
}
