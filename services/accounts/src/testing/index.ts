/*
 * Test support of accounts, for tests and benches only (`@bookstrut/accounts/testing`): a signed-in user. The
 * stores, scratch databases and the other factories are in `@bookstrut/core/testing`.
 */
export { buildUser } from './user-factory.js'
