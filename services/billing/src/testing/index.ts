/* Test support of billing, for tests only (`@bookstrut/billing/testing`): the month arithmetic tests check against. */
export { addMonthsUtc } from '../memberships/upgrade-pricing.js'
