import type { ColumnType, Generated, Insertable, Selectable } from 'kysely'

/** numeric comes back from pg as a string, to keep its precision. */
type Numeric = ColumnType<string, string | number, string | number>

export interface PlansTable {
  id: string
  plan_name: string
  description: string
  price: Numeric
  duration: number
  book_limit: number
  status: Generated<boolean>
  sort_order: Generated<number>
}
export type PlanRow = Selectable<PlansTable>

export interface MembershipsTable {
  id: string
  user_id: string
  plan_id: string
  price: Numeric
  book_limit: number
  purchase_date: Date
  expiry_date: Date | null
  is_current: Generated<boolean>
  /** the card payment that bought it (null: the free plan or an operator's grant) */
  payment_id: ColumnType<string | null, string | null | undefined, string | null>
}
export type MembershipRow = Selectable<MembershipsTable>

export type PaymentStatus = 'pending' | 'succeeded' | 'failed' | 'superseded'

/** The payment form's billing details, kept as the buyer typed them (spec reader-and-account section 3). */
export interface BillingRecord {
  name: string
  email: string
  address_line1: string
  address_city: string
  country: string
  address_state: string
  address_zip: string
}

export interface PaymentsTable {
  id: string
  user_id: string
  plan_id: string
  from_membership_id: string | null
  amount_cents: number
  currency: Generated<string>
  /** the plan's terms when quoted: what the membership will get once paid */
  monthly_price: Numeric
  book_limit: number
  duration: number
  status: ColumnType<PaymentStatus, PaymentStatus | undefined, PaymentStatus>
  idempotency_key: string
  stripe_payment_intent_id: string | null
  billing: ColumnType<BillingRecord, string, string>
  failure_message: string | null
  created_at: Date
  updated_at: Date
}
export type PaymentRow = Selectable<PaymentsTable>
export type NewPayment = Insertable<PaymentsTable>

export interface StripeEventsTable {
  id: string
  type: string
  received_at: Date
}

/** Billing's tables (docs/architecture.md, "Tables"). */
export interface BillingTables {
  plans: PlansTable
  memberships: MembershipsTable
  payments: PaymentsTable
  stripe_events: StripeEventsTable
}

// Part of core's `DB` too while code typed with the bare `Db` reads them (issue 47's transition).
declare module '@bookstrut/core' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the extends is its body
  interface DB extends BillingTables {}
}
