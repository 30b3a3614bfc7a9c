/*
 * Test support shared by every workspace's tests (api, search, workers, core, client): the test stores, scratch
 * databases, factories and polling. Exported as `@bookstrut/core/testing`, apart from the main entry, so production
 * code never loads it.
 */
export { testAdminUrl, testClickHouseUrl, testRedisUrl } from './test-stores.js'
export { createScratchDatabase, scratchName, testPrefix, type ScratchDatabase } from './scratch-database.js'
export { createTestDb, type TestDb } from './test-db.js'
export { insertUser } from './user-row.js'
export { buildEpisode, buildListing, listingRow, type ListingFields } from './listing-factory.js'
export { until } from './until.js'
export { seededRandom } from './seeded-random.js'
