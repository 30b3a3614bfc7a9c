import { sql, type Kysely } from 'kysely'
import { createTable, ID, notNull, cascadingRef, addIndex } from './schema-helpers.js'

/*
 * Card payments for plan upgrades (issue 16). The seeded plans (2026_11_22_1400_create_catalogue) already match the
 * spec's table (0, 5.99, 9.99, 15.99, 24.99 USD a month; 1, 2, 5, 10, unlimited books); now that admins edit plans,
 * the database also refuses terms no code path may store.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table plans add constraint plans_price_check check (price >= 0)`.execute(db)
  await sql`alter table plans add constraint plans_book_limit_check check (book_limit = -1 or book_limit >= 1)`.execute(
    db,
  )

  // One row per attempt to buy a plan, holding the terms quoted (so a later price change cannot alter a paid order).
  await createTable(db, 'payments', {
    id: ID,
    user_id: cascadingRef('users.id'),
    plan_id: ['char(24)', (c) => c.notNull().references('plans.id')],
    from_membership_id: ['char(24)', (c) => c.references('memberships.id').onDelete('set null')],
    amount_cents: ['integer', (c) => c.notNull().check(sql`amount_cents > 0`)],
    currency: notNull('text', 'usd'),
    monthly_price: notNull('numeric(10, 2)'),
    book_limit: notNull('integer'),
    duration: notNull('integer'),
    status: [
      'text',
      (c) =>
        c
          .notNull()
          .defaultTo('pending')
          .check(sql`status in ('pending', 'succeeded', 'failed', 'superseded')`),
    ],
  })
    // Same upgrade, same amount → same key: a double click or a retried request finds this row and Stripe answers
    // the same PaymentIntent, so the card is charged once.
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('stripe_payment_intent_id', 'text', (c) => c.unique())
    .addColumn('billing', 'jsonb', (c) => c.notNull())
    .addColumn('failure_message', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await addIndex(db, 'payments', 'payments_user_idx', ['user_id', 'created_at'])

  // A payment makes at most one membership, whichever of the confirmation and the webhook comes first.
  await db.schema
    .alterTable('memberships')
    .addColumn('payment_id', 'char(24)', (c) => c.unique().references('payments.id'))
    .execute()

  // Stripe events already handled, written in the same transaction as their effect: a repeat is a no-op.
  await createTable(db, 'stripe_events', {
    id: ['text', (c) => c.primaryKey()],
    type: notNull('text'),
    received_at: notNull('timestamptz'),
  }).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stripe_events').execute()
  await db.schema.alterTable('memberships').dropColumn('payment_id').execute()
  await db.schema.dropTable('payments').execute()
  await sql`alter table plans drop constraint plans_book_limit_check`.execute(db)
  await sql`alter table plans drop constraint plans_price_check`.execute(db)
}
