/*
 * @bookstrut/billing: membership plans and what they cost. Its use cases (plans, a member's memberships and quote,
 * card payments and Stripe's webhook), its tables, the memberships repository the other domains read, a member's
 * effective plan, and the payment gateway it is handed. Test helpers are in `@bookstrut/billing/testing`.
 */
import * as membershipsRepo from './db/memberships.repository.js'

export { membershipsRepo }
export type {
  BillingRecord,
  BillingTables,
  MembershipRow,
  MembershipsTable,
  NewPayment,
  PaymentRow,
  PaymentsTable,
  PaymentStatus,
  PlanRow,
  PlansTable,
  StripeEventsTable,
} from './db/billing.tables.js'
export { effectivePlan } from './memberships/effective-plan.js'
export {
  CardIntent,
  type CardRefund,
  type NewCardIntent,
  type NewRefund,
  type PaymentGateway,
  type VerifiedEvent,
} from './payments/gateway.js'
export {
  listPlans,
  membershipsByUser,
  onSale,
  quote,
  startOnFreePlan,
  toPlan,
  updatePlan,
} from './use-cases/memberships.js'
export { confirmPayment, startPayment, type PaymentDeps } from './use-cases/payments.js'
export { handleStripeWebhook } from './use-cases/stripe-webhook.js'
