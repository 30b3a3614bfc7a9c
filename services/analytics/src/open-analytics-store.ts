import type { Config } from '@bookstrut/core'
import type { AnalyticsStore } from './analytics-store.js'
import { createChdbStore } from './chdb-store.js'
import { createClickHouseStore } from './clickhouse-store.js'
import { migrateAnalytics } from './analytics-schema.js'

/**
 * This deployment's analytics store, with its tables made: a ClickHouse server at CLICKHOUSE_URL, else chDB in ANALYTICS_DIR
 * (DATA_DIR/analytics by default; one owner process). A server that is down at start is not waited for here: migrating runs
 * again before each batch until it succeeds (see the ingest worker).
 */
export function openAnalyticsStore(config: Pick<Config, 'analytics'>): AnalyticsStore {
  return config.analytics.clickhouseUrl
    ? createClickHouseStore(config.analytics.clickhouseUrl)
    : createChdbStore(config.analytics.chdbDir)
}

export { migrateAnalytics }
