import type { UserRow } from '@bookstrut/accounts'
import { AppError, conflict, newId, notFound, type Deps, type Logger } from '@bookstrut/core'
import {
  PAYMENT_FAILED_MESSAGE,
  PAYMENT_NOT_CONFIGURED_MESSAGE,
  type CreatePaymentIntentBody,
  type CreateUserMembershipBody,
  type PaymentIntentData,
} from '@bookstrut/schemas'
import type { PaymentRow } from '../db/billing.tables.js'
import * as paymentsRepo from '../db/payments.repository.js'
import { applyConfirmedPayment } from '../memberships/confirmed-payment.js'
import { offerUpgrade } from '../memberships/upgrade-offer.js'
import { fromCents } from '../memberships/upgrade-pricing.js'
import type { CardIntent, PaymentGateway, VerifiedEvent } from '../payments/gateway.js'

export type PaymentDeps = Deps & {
  gateway: PaymentGateway | undefined
  /** Checks a webhook's signature over its raw body and reads the event (the API's Stripe client); throws if bad. */
  verifyWebhook: (rawBody: Buffer, signature: string, secret: string, nowMs: number) => VerifiedEvent
  log: Pick<Logger, 'info' | 'error'>
}

export const paymentNotConfigured = () =>
  new AppError(503, 'PAYMENT_NOT_CONFIGURED', PAYMENT_NOT_CONFIGURED_MESSAGE)
const paymentFailed = (reason: string | undefined) =>
  new AppError(402, 'PAYMENT_FAILED', PAYMENT_FAILED_MESSAGE, reason ? { reason } : null)
const paymentPending = () =>
  new AppError(
    409,
    'PAYMENT_PENDING',
    'Your payment is not confirmed yet. Your plan changes as soon as it is; please check again shortly.',
  )

function gatewayOf(deps: PaymentDeps): PaymentGateway {
  if (!deps.gateway) throw paymentNotConfigured()
  return deps.gateway
}

/**
 * Starts the card payment of an upgrade: the amount is the server's quote (a sent `amount` or `price` is ignored).
 * The same upgrade at the same amount maps to one payment row and one idempotency key, so a double click or a
 * retried request answers the same PaymentIntent and the card can be charged only once.
 */
export async function startPayment(
  deps: PaymentDeps,
  user: UserRow,
  body: CreatePaymentIntentBody,
): Promise<PaymentIntentData> {
  const gateway = gatewayOf(deps)
  const now = deps.clock.now()
  const offer = await offerUpgrade(deps.db, user, body.planId, now)
  const amountCents = offer.price.amountCents
  const idempotencyKey = ['upgrade', user.id, offer.current?.id ?? 'none', offer.plan.id, amountCents].join(
    ':',
  )
  const payment = await paymentsRepo.insertOrFindPending(deps.db, {
    id: newId(now.getTime()),
    user_id: user.id,
    plan_id: offer.plan.id,
    from_membership_id: offer.current?.id ?? null,
    amount_cents: amountCents,
    monthly_price: offer.plan.price,
    book_limit: offer.plan.book_limit,
    duration: offer.plan.duration,
    idempotency_key: idempotencyKey,
    billing: JSON.stringify({ ...body.billing, address_zip: body.billing.address_zip ?? '' }),
    created_at: now,
    updated_at: now,
  })
  if (payment.status === 'succeeded' || payment.status === 'superseded')
    throw conflict('This upgrade is already paid.')
  const intent = payment.stripe_payment_intent_id
    ? await gateway.retrieveIntent(payment.stripe_payment_intent_id)
    : await gateway.createIntent({
        amountCents,
        currency: 'usd',
        idempotencyKey,
        metadata: { paymentId: payment.id, userId: user.id, planId: offer.plan.id },
        receiptEmail: body.billing.email,
        description: `BookStrut ${offer.plan.plan_name}`,
      })
  await paymentsRepo.attachPaymentIntent(deps.db, payment.id, intent.id, now)
  if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} came without a client secret`)
  return {
    paymentId: payment.id,
    paymentIntentId: intent.id,
    clientSecret: intent.client_secret,
    amount: fromCents(intent.amount),
    currency: 'usd',
    status: payment.status,
  }
}

/**
 * The spec's plan-upgrade call after paying: the plan changes only if Stripe says the payment succeeded (asked
 * here, not taken from the client). Repeating it, or the webhook having come first, changes nothing more. The
 * API answers with the account's membership as it then stands.
 */
export async function confirmPayment(
  deps: PaymentDeps,
  user: UserRow,
  body: CreateUserMembershipBody,
): Promise<{ status: PaymentRow['status'] }> {
  const gateway = gatewayOf(deps)
  const payment = await paymentsRepo.findPayment(deps.db, body.paymentId)
  // Another account's payment answers like a missing one: ids do not reveal what exists.
  if (!payment || payment.user_id !== user.id) throw notFound('Payment not found')
  if (body.planId !== undefined && body.planId !== payment.plan_id)
    throw new AppError(400, 'VALIDATION', 'planId: is not the plan of this payment')
  if (payment.status === 'pending' || payment.status === 'failed') await settle(deps, gateway, payment)
  const settled = await paymentsRepo.findPayment(deps.db, payment.id)
  if (settled?.status === 'superseded')
    throw conflict('Your account already holds this plan or a higher one; this payment will be refunded.')
  return { status: 'succeeded' }
}

/** Asks Stripe how the payment stands and applies it when it succeeded; throws what the client should show. */
async function settle(deps: PaymentDeps, gateway: PaymentGateway, payment: PaymentRow) {
  if (!payment.stripe_payment_intent_id) throw paymentPending()
  const intent = await gateway.retrieveIntent(payment.stripe_payment_intent_id)
  if (intent.status === 'succeeded') return applySucceeded(deps, payment.id, intent)
  const failure = intent.last_payment_error?.message
  if (intent.status === 'requires_payment_method' && failure) {
    await paymentsRepo.setStatus(deps.db, payment.id, 'failed', deps.clock.now(), failure)
    throw paymentFailed(failure)
  }
  throw paymentPending()
}

async function applySucceeded(deps: PaymentDeps, paymentId: string, intent: CardIntent) {
  const now = deps.clock.now()
  const result = await deps.db
    .transaction()
    .execute((trx) =>
      applyConfirmedPayment(
        trx,
        paymentId,
        { id: intent.id, amountCents: intent.amount, currency: intent.currency },
        now,
      ),
    )
  if (result.outcome === 'mismatch')
    throw new Error(`PaymentIntent ${intent.id} does not match payment ${paymentId}`)
  if (result.outcome === 'superseded') await refundSuperseded(deps, paymentId, intent.id)
}

/**
 * A payment confirmed after the account already got this plan or a higher one (two tabs, two plans) is marked
 * `superseded` and handed back in full. Called once, after the transaction that marked it (never a Stripe call inside
 * a transaction); the idempotency key per payment makes a retried call refund once. A failure is logged for an
 * operator (the payment stays `superseded`, which lists what is owed) and does not fail the caller's request.
 */
export async function refundSuperseded(deps: PaymentDeps, paymentId: string, intentId: string) {
  const gateway = gatewayOf(deps)
  try {
    const refund = await gateway.refundIntent({
      intentId,
      idempotencyKey: `refund:${paymentId}`,
      metadata: { paymentId },
    })
    deps.log.info(
      { paymentId, intentId, refundId: refund.id, status: refund.status },
      'superseded payment refunded',
    )
  } catch (err) {
    deps.log.error({ err, paymentId, intentId }, 'refund of a superseded payment failed; refund it by hand')
  }
}
