/*
 * The PostgreSQL and Redis every test run talks to, read here once so that each workspace's tests (api, search,
 * workers, core, client) agree on them. Production code reads its configuration through loadConfig instead.
 */

/** An admin connection to the test PostgreSQL server; each test file makes its own database on it. */
export const testAdminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/** The test Redis; tests keep apart by a random key prefix (testPrefix), not by database. */
export const testRedisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

/**
 * A ClickHouse server for the analytics store's contract tests (scripts/test.sh sets TEST_CLICKHOUSE_URL; its own
 * name, so that the test apps keep the embedded chDB); unset = those tests are skipped.
 */
export const testClickHouseUrl = process.env.TEST_CLICKHOUSE_URL ?? process.env.CLICKHOUSE_URL
