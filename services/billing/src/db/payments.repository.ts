import type { DbOrTx } from '@bookstrut/core'
import type { BillingRecord, NewPayment, PaymentRow, PaymentStatus } from './billing.tables.js'

/*
 * Card payments for plan upgrades and the Stripe events already handled (issue 16). The membership a payment buys is
 * written by memberships.repository's startPaidMembership, in the same transaction as the status set here.
 */

/**
 * Records a pending payment, or finds the one already recorded under the same idempotency key (a double click or a
 * retried request for the same upgrade and amount): either way one row, answered.
 */
export async function insertOrFindPending(db: DbOrTx, payment: NewPayment): Promise<PaymentRow> {
  await db
    .insertInto('payments')
    .values(payment)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute()
  return db
    .selectFrom('payments')
    .selectAll()
    .where('idempotency_key', '=', payment.idempotency_key)
    .executeTakeFirstOrThrow()
}

export const findPayment = (db: DbOrTx, id: string): Promise<PaymentRow | undefined> =>
  db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst()

/** The payment row, locked until the transaction ends: its confirmation and its webhook are applied in turn. */
export const lockPayment = (trx: DbOrTx, id: string): Promise<PaymentRow | undefined> =>
  trx.selectFrom('payments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()

/** Links the PaymentIntent Stripe made; only a row without one takes it (the first of two racing requests wins). */
export async function attachPaymentIntent(db: DbOrTx, id: string, intentId: string, now: Date) {
  await db
    .updateTable('payments')
    .set({ stripe_payment_intent_id: intentId, updated_at: now })
    .where('id', '=', id)
    .where('stripe_payment_intent_id', 'is', null)
    .execute()
}

export async function setStatus(
  db: DbOrTx,
  id: string,
  status: PaymentStatus,
  now: Date,
  failureMessage: string | null = null,
) {
  await db
    .updateTable('payments')
    .set({ status, failure_message: failureMessage, updated_at: now })
    .where('id', '=', id)
    .execute()
}

/** The billing details of the user's latest payment that went through, else of their latest attempt. */
export async function latestBilling(db: DbOrTx, userId: string): Promise<BillingRecord | undefined> {
  const row = await db
    .selectFrom('payments')
    .select('billing')
    .where('user_id', '=', userId)
    .orderBy((eb) => eb.case().when('status', '=', 'succeeded').then(0).else(1).end())
    .orderBy('created_at', 'desc')
    .executeTakeFirst()
  return row?.billing
}

/**
 * Records a Stripe event as handled. Answers false when it was handled before: call it inside the transaction that
 * applies the event, so the record and the effect commit together or not at all.
 */
export async function recordStripeEvent(trx: DbOrTx, id: string, type: string, now: Date): Promise<boolean> {
  const inserted = await trx
    .insertInto('stripe_events')
    .values({ id, type, received_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst()
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0
}
