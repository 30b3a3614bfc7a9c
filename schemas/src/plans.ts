import { Type, type Static } from '@sinclair/typebox'
import { Id, IgnoredField } from './common.js'
import { Plan } from './books.js'

/*
 * Membership plans, the plan states of the spec (reader-and-account section 4 "Plan state") and the calls of the
 * upgrade flow. The state rules are pure functions so that the server and the client read a membership the same way.
 */

/** The spec's plan table: `bookLimit` -1 = unlimited, `duration` -1 = lifetime (no expiry), price 0 = free. */
export const UNLIMITED_BOOKS = -1
export const LIFETIME = -1
/** A paid period is 12 months; its charge is 12 times the monthly price (spec section 9). */
export const PAID_PERIOD_MONTHS = 12
/** Stripe's smallest card charge in USD: an upgrade that would cost less cannot be paid by card. */
export const MIN_CHARGE_CENTS = 50
export const PAYMENT_NOT_CONFIGURED_MESSAGE =
  'Payment system is not properly configured. Please contact support.'
export const PAYMENT_FAILED_MESSAGE = 'Payment failed. Please try again.'

/** The fields of a membership the state rules read (the user view's `membership` has them all). */
export interface MembershipTerms {
  price: number
  bookLimit: number
  booksListed: number
  /** ISO date, or "-1" for none */
  expiryDate: string
}

/** Expired: expiryDate is set, not "-1", parseable, and in the past. */
export function isExpired(m: Pick<MembershipTerms, 'expiryDate'>, now: Date): boolean {
  if (!m.expiryDate || m.expiryDate === '-1') return false
  const at = Date.parse(m.expiryDate)
  return Number.isFinite(at) && at <= now.getTime()
}

/** Limit exceeded: bookLimit above 0 and booksListed at least bookLimit. */
export const isLimitExceeded = (m: Pick<MembershipTerms, 'bookLimit' | 'booksListed'>) =>
  m.bookLimit > 0 && m.booksListed >= m.bookLimit

export const isFreePlan = (m: Pick<MembershipTerms, 'price'>) => m.price === 0

/**
 * Can upgrade, reading (a) of the spec (home and membership flow): a free plan can always upgrade; otherwise when
 * expired, or when the plan is not unlimited and its limit is exceeded. Reading (b) (My Membership) is not shown
 * by the spec; the server answers both (see `PlanState`) and docs/payments.md explains them.
 */
export function canUpgradeReadingA(m: MembershipTerms, now: Date): boolean {
  if (isFreePlan(m) || isExpired(m, now)) return true
  return m.bookLimit !== UNLIMITED_BOOKS && isLimitExceeded(m)
}

/**
 * Can upgrade, reading (b), the one the server enforces when paying: some active plan costs more than the plan in
 * effect (an expired plan is in effect the free plan), so there is something to upgrade to.
 */
export function canUpgradeReadingB(
  m: MembershipTerms,
  plans: ReadonlyArray<Pick<Plan, 'price' | 'status'>>,
  now: Date,
): boolean {
  const effectivePrice = isExpired(m, now) ? 0 : m.price
  return plans.some((p) => p.status && p.price > effectivePrice)
}

export const PlanState = Type.Object({
  expired: Type.Boolean(),
  limitExceeded: Type.Boolean({
    description: 'booksListed ≥ the limit in effect (the free limit once expired)',
  }),
  free: Type.Boolean({
    description: 'the plan in effect is free (price 0, or a paid plan that has expired)',
  }),
  canUpgrade: Type.Boolean({ description: 'reading (a) of the spec: the home and membership flow' }),
  canUpgradeToHigherPlan: Type.Boolean({
    description:
      'reading (b): an active plan costs more than the plan in effect, so an upgrade can be bought',
  }),
})
export type PlanState = Static<typeof PlanState>

/** What the plan in effect allows: the current plan, or the free plan's limits once a paid plan has expired. */
export const EffectivePlan = Type.Object({
  planId: Id,
  planName: Type.String(),
  price: Type.Number({ description: 'monthly price in USD of the plan in effect' }),
  bookLimit: Type.Integer({ description: '-1 = unlimited' }),
})
export type EffectivePlan = Static<typeof EffectivePlan>

/** A membership's plan's monthly price in the catalogue (beside the price paid for it). */
export const CataloguePlanPrice = Type.Number({
  description:
    "the plan's monthly price in the catalogue: tells a granted paid plan (price 0) from the free plan",
})

/** How an admin granted a membership (issue 48): complimentary (a paid plan for nothing) or extended (ends later). */
export const GrantKind = Type.Union([Type.Literal('complimentary'), Type.Literal('extended')], {
  description:
    'complimentary: a paid plan given for nothing until the end date; extended: the held plan ends later',
})
export type GrantKind = Static<typeof GrantKind>

/** What the member and the console read of an admin's grant. */
export const MembershipGrant = Type.Object({
  kind: GrantKind,
  reason: Type.String({ description: "the admin's reason, shown to the member" }),
  grantedAt: Type.String({ format: 'date-time' }),
})
export type MembershipGrant = Static<typeof MembershipGrant>

/** The longest an admin may grant a plan for, in days from today (five years). */
export const MAX_GRANT_DAYS = 5 * 366

/**
 * An admin grants a plan (POST /admin/user/plan). `planId` names the paid plan of a complimentary grant; an
 * extension keeps the held plan (a `planId` sent with it must be that plan). The plan ends at the end of `endDate`
 * (UTC).
 */
export const GrantPlanBody = Type.Object({
  userId: Id,
  kind: GrantKind,
  planId: Type.Optional(Id),
  endDate: Type.String({
    format: 'date',
    description:
      'YYYY-MM-DD, after today and at most five years ahead; the plan ends at the end of that day (UTC)',
  }),
  reason: Type.String({
    minLength: 3,
    maxLength: 500,
    pattern: '\\S',
    description: 'why, in words for the member: they read it in My Membership; the audit log keeps it too',
  }),
})
export type GrantPlanBody = Static<typeof GrantPlanBody>

/** One membership a user has held (the current one or a past one). */
export const MembershipRecord = Type.Object({
  _id: Id,
  planId: Id,
  planName: Type.String(),
  description: Type.String(),
  price: Type.Number({ description: 'the monthly price when bought (0 for free and granted plans)' }),
  planPrice: CataloguePlanPrice,
  bookLimit: Type.Integer({ description: '-1 = unlimited' }),
  purchaseDate: Type.String(),
  expiryDate: Type.String({ description: '"-1" means no expiry' }),
  amountPaid: Type.Union([Type.Number(), Type.Null()], {
    description: 'what was charged for it in USD (null when it was not bought by card)',
  }),
  grant: Type.Optional(
    Type.Union([MembershipGrant, Type.Null()], { description: 'set when an admin granted or extended it' }),
  ),
})
export type MembershipRecord = Static<typeof MembershipRecord>

/** The billing details of the payment form (spec section 3), as the last paid upgrade recorded them. */
export const BillingDetails = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  email: Type.String({ minLength: 1, maxLength: 254 }),
  address_line1: Type.String({ minLength: 1, maxLength: 200 }),
  address_city: Type.String({ minLength: 1, maxLength: 100 }),
  country: Type.String({ minLength: 1, maxLength: 100 }),
  address_state: Type.String({ minLength: 1, maxLength: 100 }),
  address_zip: Type.String({ maxLength: 20, default: '' }),
})
export type BillingDetails = Static<typeof BillingDetails>

export const MembershipsByUserQuery = Type.Object({ userId: Id })

export const MembershipsByUser = Type.Object({
  current: Type.Union([MembershipRecord, Type.Null()]),
  effective: EffectivePlan,
  booksListed: Type.Integer(),
  state: PlanState,
  pastPlans: Type.Array(MembershipRecord, { description: 'newest first' }),
  billingDetails: Type.Union([BillingDetails, Type.Null()]),
})
export type MembershipsByUser = Static<typeof MembershipsByUser>

export const PlanListQuery = Type.Object({
  status: Type.Optional(
    Type.Boolean({ description: 'true (default): plans on sale; false: withdrawn plans (admins only)' }),
  ),
})

/** Dollars; the server refuses more than two decimals (multipleOf 0.01 misfires on binary fractions such as 5.99). */
const Price = Type.Number({ minimum: 0, maximum: 10_000 })

/** An admin's change to a plan: price, status and book limit only (name, duration and the free plan's terms stay). */
export const UpdatePlanBody = Type.Object(
  {
    planId: Id,
    price: Type.Optional(Price),
    status: Type.Optional(Type.Boolean()),
    bookLimit: Type.Optional(
      Type.Integer({ minimum: -1, maximum: 100_000, description: '-1 = unlimited; 0 is refused' }),
    ),
  },
  { minProperties: 2 },
)
export type UpdatePlanBody = Static<typeof UpdatePlanBody>

export const QuoteQuery = Type.Object({ planId: Id })

/** What an upgrade costs now, computed by the server (the client only shows it). */
export const UpgradeQuote = Type.Object({
  planId: Id,
  planName: Type.String(),
  monthlyPrice: Type.Number(),
  charge: Type.Number({ description: '12 × the monthly price, or the price as is for a lifetime plan' }),
  credit: Type.Number({
    description: 'the unused part of the current plan: its charge × remaining months / 12',
  }),
  remainingMonths: Type.Integer({
    description: 'whole months left on the current plan (0 when free or expired)',
  }),
  amount: Type.Number({ description: 'charge − credit, in USD with two decimals: what the card is charged' }),
  currency: Type.Literal('usd'),
  expiryDate: Type.String({ description: 'when the new plan would end if paid now; "-1" for lifetime' }),
  paymentsConfigured: Type.Boolean({ description: 'false: paying answers 503 PAYMENT_NOT_CONFIGURED' }),
})
export type UpgradeQuote = Static<typeof UpgradeQuote>

/**
 * Starting a card payment for an upgrade. The spec's billing form also sends `price`, and its old payment call
 * `amount`: both are accepted (a number or a short text) and ignored, because the server alone decides what is
 * charged.
 */
export const CreatePaymentIntentBody = Type.Object({
  planId: Id,
  billing: BillingDetails,
  userId: Type.Optional(Id),
  price: IgnoredField('price', 'the server computes the amount'),
  amount: IgnoredField('amount', 'the server computes the amount'),
})
export type CreatePaymentIntentBody = Static<typeof CreatePaymentIntentBody>

export const PaymentStatus = Type.Union(
  [Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed'), Type.Literal('superseded')],
  {
    description:
      'superseded: paid, but the account already held an equal or higher plan (refunded by support)',
  },
)

export const PaymentIntentData = Type.Object({
  paymentId: Id,
  paymentIntentId: Type.String(),
  clientSecret: Type.String({ description: 'for Stripe.js confirmCardPayment in the browser' }),
  amount: Type.Number(),
  currency: Type.Literal('usd'),
  status: PaymentStatus,
})
export type PaymentIntentData = Static<typeof PaymentIntentData>

/**
 * The spec's plan-upgrade call, made after the card payment: only a confirmed payment changes the plan. The spec's
 * client also sends `bookLimit` and `totalbooksListed`: accepted (a number or a short text) and ignored (the plan
 * decides the limit).
 */
export const CreateUserMembershipBody = Type.Object({
  paymentId: Id,
  userId: Type.Optional(Id),
  planId: Type.Optional(Id),
  bookLimit: IgnoredField('bookLimit', 'the plan decides the limit'),
  totalbooksListed: IgnoredField('totalbooksListed', 'the server counts the books'),
})
export type CreateUserMembershipBody = Static<typeof CreateUserMembershipBody>

/**
 * What the browser needs to take a card (GET /get/payment/config, public). `publishableKey` is null when the server
 * has no STRIPE_PUBLISHABLE_KEY or no STRIPE_SECRET_KEY: the client then says payments are not configured.
 */
export const PaymentConfig = Type.Object({
  publishableKey: Type.Union([Type.String(), Type.Null()]),
})
export type PaymentConfig = Static<typeof PaymentConfig>

export const WebhookReceipt = Type.Object({ received: Type.Boolean(), duplicate: Type.Boolean() })
