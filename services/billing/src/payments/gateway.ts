import { Type, type Static } from '@sinclair/typebox'

/*
 * The payment provider as billing's use cases see it: the few calls we make, so they know nothing of the library
 * (the API's stripe-gateway.ts is the one module that talks to Stripe).
 */

/** A PaymentIntent as far as we use it, checked against a schema (it comes from outside). */
export const CardIntent = Type.Object({
  id: Type.String({ minLength: 1 }),
  amount: Type.Integer({ minimum: 0 }),
  currency: Type.String(),
  status: Type.String(),
  client_secret: Type.Union([Type.String(), Type.Null()]),
  metadata: Type.Record(Type.String(), Type.String()),
  last_payment_error: Type.Optional(
    Type.Union([Type.Null(), Type.Object({ message: Type.Optional(Type.String()) })]),
  ),
})
export type CardIntent = Static<typeof CardIntent>

export interface NewCardIntent {
  amountCents: number
  currency: 'usd'
  /** the same key for the same upgrade: Stripe answers a repeat with the first PaymentIntent instead of a new one */
  idempotencyKey: string
  metadata: { paymentId: string; userId: string; planId: string }
  receiptEmail: string
  description: string
}

/** A full refund of a paid PaymentIntent, once per payment: the key makes a repeat answer the first refund. */
export interface NewRefund {
  intentId: string
  idempotencyKey: string
  metadata: { paymentId: string }
}

export interface CardRefund {
  id: string
  status: string
}

export interface PaymentGateway {
  createIntent(intent: NewCardIntent): Promise<CardIntent>
  retrieveIntent(id: string): Promise<CardIntent>
  refundIntent(refund: NewRefund): Promise<CardRefund>
}

/** A webhook event after its signature was verified: its type, id and the PaymentIntent it carries, if any. */
export interface VerifiedEvent {
  id: string
  type: string
  intent: CardIntent | undefined
}
