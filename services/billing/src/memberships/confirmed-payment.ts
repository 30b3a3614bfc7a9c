import type { DbOrTx } from '@bookstrut/core'
import type { PaymentRow } from '../db/billing.tables.js'
import * as membershipsRepo from '../db/memberships.repository.js'
import * as paymentsRepo from '../db/payments.repository.js'
import { effectiveTerms } from './effective-plan.js'
import { periodEnd } from './upgrade-pricing.js'

/** What Stripe says was paid: the PaymentIntent, as the API or a verified webhook reported it. */
export interface ConfirmedIntent {
  id: string
  amountCents: number
  currency: string
}

export type ConfirmOutcome =
  /** the membership was started now */
  | 'applied'
  /** an earlier confirmation (the other path, or a repeat) already did it */
  | 'already-applied'
  /** paid, but the account already holds an equal or higher plan: recorded for a refund, no membership */
  | 'superseded'
  /** the intent is not the one of this payment, or not for its amount: nothing changes */
  | 'mismatch'

/**
 * Applies a payment Stripe confirmed: the bought plan becomes current at once, for a new 12-month period (or for
 * life) from `now`. Call inside a transaction. The payment row and the user's current membership are locked, so the
 * synchronous confirmation and the webhook, or two payments of one user, are applied one after the other; whichever
 * comes second finds the payment done.
 */
export async function applyConfirmedPayment(
  trx: DbOrTx,
  paymentId: string,
  intent: ConfirmedIntent,
  now: Date,
): Promise<{ outcome: ConfirmOutcome; payment: PaymentRow | undefined }> {
  const payment = await paymentsRepo.lockPayment(trx, paymentId)
  if (!payment || !matches(payment, intent)) return { outcome: 'mismatch', payment }
  if (payment.status === 'succeeded' || payment.status === 'superseded')
    return { outcome: 'already-applied', payment }

  await membershipsRepo.lockCurrentMembership(trx, payment.user_id)
  const [current, free] = await Promise.all([
    membershipsRepo.currentMembership(trx, payment.user_id),
    membershipsRepo.freePlan(trx),
  ])
  // Another payment of the same user may have landed first (two tabs): never let this one lower the plan.
  if (Number(payment.monthly_price) <= effectiveTerms(current, free, now).rankPrice) {
    await paymentsRepo.setStatus(trx, payment.id, 'superseded', now)
    return { outcome: 'superseded', payment: { ...payment, status: 'superseded' } }
  }
  await membershipsRepo.startPaidMembership(trx, {
    userId: payment.user_id,
    planId: payment.plan_id,
    price: payment.monthly_price,
    bookLimit: payment.book_limit,
    purchaseDate: now,
    expiryDate: periodEnd({ duration: payment.duration }, now),
    paymentId: payment.id,
  })
  await paymentsRepo.setStatus(trx, payment.id, 'succeeded', now)
  return { outcome: 'applied', payment: { ...payment, status: 'succeeded' } }
}

const matches = (payment: PaymentRow, intent: ConfirmedIntent) =>
  payment.stripe_payment_intent_id === intent.id &&
  payment.amount_cents === intent.amountCents &&
  payment.currency === intent.currency
