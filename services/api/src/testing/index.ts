/*
 * Test support of the api, for tests only (`@bookstrut/api/testing`): seeding through the domains' own functions
 * (seed.ts), real media files and the Stripe stand-in. The client's component tests and e2e journeys use it by
 * package name; production code never imports it (eslint.config.js).
 */
export {
  backdateCode,
  contactMessagesFrom,
  emailOf,
  findAccount,
  foundItConfirmationsOf,
  holdPlan,
  removeInformationPage,
  seedAccount,
  seedAgreedIdeas,
  seedBook,
  seedBooks,
  seedCode,
  seedInformationPage,
  seedPendingAccount,
  seedPodblurb,
  seedReport,
  seedSession,
  servingEmbeddingProgress,
  setPassword,
  setSiteSettings,
  uniqueEmail,
  type AccountOptions,
  type BookFields,
  type HeldPlan,
  type PendingCode,
  type Role,
  type SeededAccount,
} from './seed.js'
export { image, mp3At24kHz, silentMp3 } from './media-fixtures.js'
export { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.js'
