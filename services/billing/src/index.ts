/*
 * @bookstrut/billing: membership plans and what they cost — the memberships and payments repositories, upgrade
 * pricing, a member's effective plan, the upgrade offer, the recording of a confirmed payment and an admin's grant
 * of a plan.
 */
export * as membershipsRepo from './db/memberships.repository.js'
export * as paymentsRepo from './db/payments.repository.js'
export * from './memberships/upgrade-pricing.js'
export * from './memberships/effective-plan.js'
export * from './memberships/upgrade-offer.js'
export * from './memberships/confirmed-payment.js'
export * from './memberships/plan-grant.js'
