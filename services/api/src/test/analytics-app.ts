import type { AnalyticsStore } from '@bookstrut/analytics'
import type { Clock } from '@bookstrut/core'
import { analyticsOf } from './analytics-probe.js'
import { buildTestApp, type TestApp } from './test-app.js'

export interface AnalyticsTestApp extends TestApp {
  /** the analytics store the app's workers write to (analyticsOf), closed with the app */
  store: AnalyticsStore
}

/**
 * The real app (buildTestApp) with its analytics store for assertions, events flushed every 100 ms unless `env`
 * says otherwise; `close()` closes both.
 */
export async function buildAnalyticsTestApp(
  env: Record<string, string> = {},
  clock?: Clock,
): Promise<AnalyticsTestApp> {
  const t = await buildTestApp({ ANALYTICS_FLUSH_MS: '100', ...env }, clock)
  const store = await analyticsOf(t)
  return { ...t, store, close: () => store.close().then(() => t.close()) }
}
