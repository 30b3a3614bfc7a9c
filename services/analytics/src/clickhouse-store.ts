import { createClient } from '@clickhouse/client'
import type { AnalyticsStore } from './analytics-store.js'

/**
 * The analytics store on a ClickHouse server (CLICKHOUSE_URL; the scale-out stack), through the official HTTP
 * client. `database` overrides the URL's (tests use a scratch database). Failures throw: the ingest worker keeps
 * its batch and tries again later.
 */
export function createClickHouseStore(url: string, database?: string): AnalyticsStore {
  const client = createClient({
    url,
    ...(database ? { database } : {}),
    request_timeout: 10_000,
    // Fails fast while the server is down (the worker's own backoff decides when to try again).
    max_open_connections: 4,
  })
  return {
    engine: 'clickhouse',
    async exec(sql) {
      await client.command({ query: sql })
    },
    async insertRows(table, rows) {
      if (rows.length === 0) return
      await client.insert({ table, values: [...rows], format: 'JSONEachRow' })
    },
    async select(sql) {
      const result = await client.query({ query: sql, format: 'JSONEachRow' })
      return result.json<unknown>()
    },
    async ping() {
      const res = await client.ping()
      return res.success
    },
    async close() {
      await client.close()
    },
  }
}
