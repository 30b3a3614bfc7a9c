import Stripe from 'stripe'
import { Type } from '@sinclair/typebox'
import { CardIntent, type PaymentGateway, type VerifiedEvent } from '@bookstrut/billing'
import { Value } from '@sinclair/typebox/value'
import type { Config, StripeApiBase } from '@bookstrut/core'

/*
 * The only module that talks to Stripe. Services see a small gateway of the calls we make, so they know nothing of
 * the library; tests reach a local stand-in by STRIPE_API_BASE (host, port, protocol) with this very code.
 */

export { CardIntent } from '@bookstrut/billing'
export type { CardRefund, NewCardIntent, NewRefund, PaymentGateway, VerifiedEvent } from '@bookstrut/billing'

/** Stripe's default: a signature older than 5 minutes is refused (replays of captured webhooks). */
export const WEBHOOK_TOLERANCE_SECONDS = 300

const INTENT_FIELDS = Object.keys(CardIntent.properties)

const parseIntent = (value: unknown): CardIntent => {
  // Only the fields above are kept (Stripe sends many more, and the library adds its response object).
  const picked =
    typeof value === 'object' && value !== null
      ? Object.fromEntries(Object.entries(value).filter(([key]) => INTENT_FIELDS.includes(key)))
      : value
  if (!Value.Check(CardIntent, picked))
    throw new Error('Stripe answered a PaymentIntent of an unexpected shape')
  return picked
}

const stripeClient = (secretKey: string, apiBase: StripeApiBase | undefined) =>
  new Stripe(secretKey, {
    ...(apiBase ?? {}),
    // Retries resend the same idempotency key, so a retried create never charges twice.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  })

/** The gateway, or undefined when STRIPE_SECRET_KEY is not set (paying then answers the spec's message). */
export function createStripeGateway(config: Readonly<Config>): PaymentGateway | undefined {
  const settings = config.payments.stripe
  if (!settings) return undefined
  const stripe = stripeClient(settings.secretKey, settings.apiBase)
  return {
    async createIntent(i) {
      const created = await stripe.paymentIntents.create(
        {
          amount: i.amountCents,
          currency: i.currency,
          allowed_payment_method_types: ['card'],
          metadata: i.metadata,
          receipt_email: i.receiptEmail,
          description: i.description,
        },
        { idempotencyKey: i.idempotencyKey },
      )
      return parseIntent(created)
    },
    async retrieveIntent(id) {
      return parseIntent(await stripe.paymentIntents.retrieve(id))
    },
    async refundIntent(r) {
      const refund = await stripe.refunds.create(
        { payment_intent: r.intentId, reason: 'duplicate', metadata: r.metadata },
        { idempotencyKey: r.idempotencyKey },
      )
      return { id: refund.id, status: refund.status ?? 'pending' }
    },
  }
}

// Verifying a signature needs no key or network: a client made with a placeholder key does it offline.
const offline = new Stripe('sk_test_signature_checks_only', { telemetry: false })

/**
 * Verifies `Stripe-Signature` over the raw body (the exact bytes Stripe signed), with a 300 s tolerance counted from
 * `nowMs`, and reads the event. Throws on a bad, missing or stale signature and on a body that is not an event.
 */
export function verifyWebhook(
  rawBody: Buffer,
  signature: string,
  secret: string,
  nowMs: number,
): VerifiedEvent {
  const event: unknown = offline.webhooks.constructEvent(
    rawBody,
    signature,
    secret,
    WEBHOOK_TOLERANCE_SECONDS,
    undefined,
    nowMs,
  )
  if (!Value.Check(EventShape, event)) throw new Error('the webhook body is not a Stripe event')
  const object = event.data.object
  const isIntent =
    typeof object === 'object' && object !== null && 'object' in object && object.object === 'payment_intent'
  return { id: event.id, type: event.type, intent: isIntent ? parseIntent(object) : undefined }
}

const EventShape = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 255 }),
  type: Type.String({ minLength: 1, maxLength: 255 }),
  data: Type.Object({ object: Type.Unknown() }),
})
