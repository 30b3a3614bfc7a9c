import fp from 'fastify-plugin'
import { migrateAnalytics, openAnalyticsStore, type AnalyticsStore } from '@bookstrut/core'

/**
 * The analytics store the api reads (author analytics): chDB in the one-process default, sharing the workers'
 * session of ANALYTICS_DIR, or the ClickHouse server at CLICKHOUSE_URL. Its tables are made on first use, not at
 * start, so a server that is down at start does not stop the api (its reads then fail until it is back).
 */
export interface AnalyticsReader {
  /** the store, its tables made */
  ready(): Promise<AnalyticsStore>
}

export const analyticsPlugin = fp(async (app) => {
  const store = openAnalyticsStore(app.config)
  let migrated: Promise<void> | null = null
  const reader: AnalyticsReader = {
    async ready() {
      migrated ??= migrateAnalytics(store).catch((err: unknown) => {
        migrated = null
        throw err
      })
      await migrated
      return store
    },
  }
  app.decorate('analytics', reader)
  app.addHook('onClose', async () => store.close())
})
