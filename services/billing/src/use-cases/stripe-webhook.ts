import { badRequest, type Logger } from '@bookstrut/core'
import { Id } from '@bookstrut/schemas'
import { Value } from '@sinclair/typebox/value'
import * as paymentsRepo from '../db/payments.repository.js'
import { applyConfirmedPayment } from '../memberships/confirmed-payment.js'
import type { CardIntent, VerifiedEvent } from '../payments/gateway.js'
import { paymentNotConfigured, refundSuperseded, type PaymentDeps } from './payments.js'

/**
 * Stripe's webhook: the authoritative word on a payment. The signature is checked over the raw bytes before anything
 * is read; each event id is recorded in the same transaction as its effect, so a repeated delivery does nothing.
 */
export async function handleStripeWebhook(
  deps: PaymentDeps,
  log: Pick<Logger, 'warn' | 'info'>,
  rawBody: unknown,
  signature: string | undefined,
): Promise<{ received: boolean; duplicate: boolean }> {
  const secret = deps.config.payments.webhookSecret
  if (!secret) throw paymentNotConfigured()
  if (!signature) throw badRequest('Missing Stripe-Signature header.')
  if (!Buffer.isBuffer(rawBody)) throw badRequest('The webhook body must be JSON.')
  const event = verifiedOrRefused(deps, rawBody, signature, secret, deps.clock.now().getTime())

  const now = deps.clock.now()
  let toRefund: { paymentId: string; intentId: string } | undefined
  const duplicate = await deps.db.transaction().execute(async (trx) => {
    if (!(await paymentsRepo.recordStripeEvent(trx, event.id, event.type, now))) return true
    const paymentId = paymentIdOf(event.intent)
    if (!event.intent || !paymentId) return false
    if (event.type === 'payment_intent.succeeded') {
      const { id, amount, currency } = event.intent
      const result = await applyConfirmedPayment(trx, paymentId, { id, amountCents: amount, currency }, now)
      if (result.outcome === 'mismatch' || result.outcome === 'superseded')
        log.warn({ eventId: event.id, paymentId, outcome: result.outcome }, 'paid intent not applied')
      if (result.outcome === 'superseded') toRefund = { paymentId, intentId: id }
    }
    if (event.type === 'payment_intent.payment_failed') await markFailed(trx, paymentId, event.intent, now)
    return false
  })
  // After the commit: the refund goes to Stripe only once the payment is recorded as superseded.
  if (toRefund) await refundSuperseded(deps, toRefund.paymentId, toRefund.intentId)
  return { received: true, duplicate }
}

function verifiedOrRefused(
  deps: PaymentDeps,
  rawBody: Buffer,
  signature: string,
  secret: string,
  nowMs: number,
): VerifiedEvent {
  try {
    return deps.verifyWebhook(rawBody, signature, secret, nowMs)
  } catch {
    // One answer for a bad, stale or malformed signature: the caller learns nothing about which check failed.
    throw badRequest('Invalid Stripe signature.')
  }
}

/** Our payment id, which the PaymentIntent carries in its metadata (intents made elsewhere have none). */
const paymentIdOf = (intent: CardIntent | undefined) => {
  const id = intent?.metadata.paymentId
  return id !== undefined && Value.Check(Id, id) ? id : undefined
}

/** A failed attempt marks a pending payment failed; a payment that already went through stays as it is. */
async function markFailed(
  trx: Parameters<typeof paymentsRepo.findPayment>[0],
  paymentId: string,
  intent: CardIntent,
  now: Date,
) {
  const payment = await paymentsRepo.lockPayment(trx, paymentId)
  if (payment?.status !== 'pending' || payment.stripe_payment_intent_id !== intent.id) return
  await paymentsRepo.setStatus(trx, paymentId, 'failed', now, intent.last_payment_error?.message ?? null)
}
