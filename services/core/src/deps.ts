import type { Clock } from './clock.js'
import type { Config } from './config.js'
import type { DB, DbOrTx } from './db/database.js'
import type { Queues } from './queues/queues.js'

/**
 * The rate limits a use case spends, by name (the names and their budgets are the API's, in
 * services/api/src/plugins/app/rate-limits.ts, whose Redis limiter satisfies this). Each call throws the app's 429
 * (or 503 while a limit that fails closed cannot be counted) instead of answering false.
 */
export interface Limits {
  /** Counts one hit; throws 429 when the limit is already used up. */
  consume(name: string, key: string): Promise<void>
  /** Throws 429 when the limit is used up, without counting. */
  check(name: string, key: string): Promise<void>
  reset(name: string, key: string): Promise<void>
  /** Counts one hit and never refuses; answers the hits left in the window (Infinity when it fails open). */
  count(name: string, key: string): Promise<number>
  /** The hits counted in the window so far, without counting (0 when none). */
  used(name: string, key: string): Promise<number>
}

/**
 * What a domain's use cases need from the app, without knowing of HTTP: `Tables` are the tables the use case
 * reads and writes (its package's and those of the packages it depends on; docs/architecture.md, db scheme). The
 * default, the tables still declared in core, serves the use cases not yet typed with theirs.
 */
export interface Deps<Tables = DB> {
  db: DbOrTx<Tables>
  clock: Clock
  config: Readonly<Config>
  queues: Queues
  limits: Limits
}
