import { mkdirSync } from 'node:fs'
import { drainPending, Session } from 'chdb'
import type { AnalyticsStore } from './analytics-store.js'

/*
 * chDB runs ClickHouse inside this process, over one data folder, and refuses a second folder in the same process.
 * So the process keeps one session per folder, shared by everyone who opens it (the api and the workers of the
 * one-process default) and closed when the last of them closes. Another process must not open the same folder:
 * scale-out runs a ClickHouse server instead (CLICKHOUSE_URL).
 */
const open = new Map<string, { session: Session; users: number }>()

function acquire(dir: string): Session {
  const held = open.get(dir)
  if (held) {
    held.users += 1
    return held.session
  }
  mkdirSync(dir, { recursive: true })
  const session = new Session(dir)
  open.set(dir, { session, users: 1 })
  return session
}

async function release(dir: string) {
  const held = open.get(dir)
  if (!held) return
  held.users -= 1
  if (held.users > 0) return
  open.delete(dir)
  held.session.close()
  // close() may return while a query still holds the connection; a new session waits for it to be really gone.
  await drainPending()
}

/** The embedded analytics store over `dir` (DATA_DIR/analytics by default). Queries run off the event loop. */
export function createChdbStore(dir: string): AnalyticsStore {
  const session = acquire(dir)
  let closed = false
  return {
    engine: 'chdb',
    async exec(sql) {
      await session.queryAsync(sql)
    },
    async insertRows(table, rows) {
      if (rows.length === 0) return
      const payload = rows.map((r) => JSON.stringify(r)).join('\n')
      await session.insert({ table, values: Buffer.from(payload), format: 'JSONEachRow' })
    },
    async select(sql) {
      const result = await session.queryAsync(sql, { format: 'JSONEachRow' })
      const text = result.text().trim()
      return text === '' ? [] : text.split('\n').map((line): unknown => JSON.parse(line))
    },
    async ping() {
      return !closed && session.open
    },
    async close() {
      if (closed) return
      closed = true
      await release(dir)
    },
  }
}
