import fp from 'fastify-plugin'
import { migrateAnalytics, openAnalyticsStore, type AnalyticsStore } from '@bookstrut/analytics'

/**
 * The analytics store the api reads (author analytics): chDB in the one-process default, sharing the workers'
 * session of ANALYTICS_DIR, or the ClickHouse server at CLICKHOUSE_URL. Opened and its tables made on first use,
 * not at start: an api that never serves analytics never takes chDB's folder (which only one process may own), and
 * a server that is down at start does not stop the api (reads fail until it is back, then succeed).
 */
export interface AnalyticsReader {
  /** the store, its tables made */
  ready(): Promise<AnalyticsStore>
}

export const analyticsPlugin = fp(async (app) => {
  let store: AnalyticsStore | null = null
  let migrated: Promise<void> | null = null
  const reader: AnalyticsReader = {
    async ready() {
      store ??= openAnalyticsStore(app.config)
      const opened = store
      migrated ??= migrateAnalytics(opened).catch((err: unknown) => {
        migrated = null
        throw err
      })
      await migrated
      return opened
    },
  }
  app.decorate('analytics', reader)
  app.addHook('onClose', async () => store?.close())
})
