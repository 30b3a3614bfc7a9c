/**
 * The analytics store: ClickHouse, embedded (chDB, the default) or a server (CLICKHOUSE_URL). Both take the same
 * SQL, written for the oldest server we run against (ClickHouse 18.16: no query parameters, no DateTime64, no
 * LowCardinality), so one set of tables, views and queries serves both.
 */
export interface AnalyticsStore {
  /** which engine answers: for logs and for the tests that name it */
  readonly engine: 'chdb' | 'clickhouse'
  /** Runs a statement that answers nothing (DDL). */
  exec(sql: string): Promise<void>
  /** Inserts rows in one batch (one INSERT: all or nothing). */
  insertRows(table: string, rows: readonly Record<string, unknown>[]): Promise<void>
  /** Runs a query; its rows as parsed JSON objects (still unknown: the caller checks them against a schema). */
  select(sql: string): Promise<unknown[]>
  /** True when the store answers a trivial query. */
  ping(): Promise<boolean>
  close(): Promise<void>
}
